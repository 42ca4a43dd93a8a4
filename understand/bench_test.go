package understand_test

import (
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/cairn-agents/cairn/understand"
)

// question2KB is a long question of about 2 KB in many styles: places,
// lists with one region, roles, counts, fractions, dates, coordinates
// and an inline format.
var question2KB = func() string {
	parts := []string{
		"Hi! My friends live in Newark, Dover and Middletown, Delaware, and my sister is in Lewes, DE.",
		"We want to plan 2 road trip routes from Wilmington up to Rehoboth Beach, each through three intermediate towns,",
		"avoiding Smyrna but passing through Milford, with a rest stop about a third of the way and one scenic viewpoint per route.",
		"Next month, or between March and June 2026, we could also drive from Andorra la Vella to Sant Julià de Lòria.",
		"Find one gas station north of Dover and south of Wilmington, and 2 cafes east of the Wilmington Public Library.",
		"Someone mentioned floats near 10N 65E last spring, and another at -12.5, 45.3 since 2019.",
		"Keep the drive under 90 minutes and 120 km, at least 4.5 stars, halfway stops every quarter of the way.",
	}
	q := strings.Join(parts, " ")
	for len(q) < 1900 {
		q += " " + parts[len(q)%len(parts)]
	}
	return q + ` Respond in this JSON format: {"stops": [{"name": "NAME", "place id": "Place ID"}]}`
}()

// BenchmarkRead2KB reads a 2 KB question against the GeoNames gazetteer
// of the embedded maps data; the target is under 2 ms.
func BenchmarkRead2KB(b *testing.B) {
	g := gazetteer(b)
	o := understand.Options{Gazetteer: g, Now: refDay}
	b.SetBytes(int64(len(question2KB)))
	b.ReportAllocs()
	cpu := cpuTime()
	for b.Loop() {
		understand.Read(question2KB, o)
	}
	reportCPU(b, cpu)
}

// cpuTime is the process's user and system CPU time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// reportCPU reports the CPU time per operation since start: on a shared
// machine wall time per op counts the waits for a core, CPU time does not.
func reportCPU(b *testing.B, start time.Duration) {
	if start > 0 && b.N > 0 {
		b.ReportMetric(float64(cpuTime()-start)/float64(b.N), "cpu-ns/op")
	}
}

// BenchmarkReadShort reads a one-sentence trip question.
func BenchmarkReadShort(b *testing.B) {
	g := gazetteer(b)
	o := understand.Options{Gazetteer: g, Now: refDay}
	q := "Plan 2 road trip routes from Wilmington to Dover in Delaware, each through 3 intermediate cities, with 1 rest stop and 1 scenic viewpoint per route"
	b.ReportAllocs()
	cpu := cpuTime()
	for b.Loop() {
		understand.Read(q, o)
	}
	reportCPU(b, cpu)
}
