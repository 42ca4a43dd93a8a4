package trace

import (
	"bytes"
	"io"
	"testing"
)

// BenchmarkWriterEmit measures encoding and buffering one event (the
// sample run's events in turn) from parallel goroutines.
func BenchmarkWriterEmit(b *testing.B) {
	evs := sampleRun()
	w := NewWriter(io.Discard)
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		i := 0
		for pb.Next() {
			w.Emit(evs[i%len(evs)])
			i++
		}
	})
	if err := w.Close(); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkRead measures decoding a JSONL trace, per event.
func BenchmarkRead(b *testing.B) {
	var buf bytes.Buffer
	w := NewWriter(&buf)
	evs := sampleRun()
	for range 100 {
		for _, e := range evs {
			w.Emit(e)
		}
	}
	w.Close()
	data := buf.Bytes()
	n := 100 * len(evs)
	b.SetBytes(int64(len(data) / n))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i += n {
		for _, err := range Read(bytes.NewReader(data)) {
			if err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkPrinter measures rendering one event, per style.
func BenchmarkPrinter(b *testing.B) {
	evs := sampleRun()
	for _, bc := range []struct {
		name  string
		style Style
	}{{"timeline", Timeline}, {"compact", Compact}} {
		b.Run(bc.name, func(b *testing.B) {
			p := &Printer{W: io.Discard, Style: bc.style}
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				p.Print(evs[i%len(evs)])
			}
		})
	}
}
