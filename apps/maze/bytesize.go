package maze

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// ByteSize is an amount of bytes as a config or flag gives it: a whole
// number of bytes or a number with a unit, "512MiB", "1.5GB", "200 kB".
// KiB, MiB, GiB and TiB are powers of 1024; kB, MB, GB and TB powers of
// 1000; units are read without regard to case.
type ByteSize int64

// byteUnits are matched without regard to case, longest first.
var byteUnits = []struct {
	name string
	size float64
}{
	{"kib", 1 << 10}, {"mib", 1 << 20}, {"gib", 1 << 30}, {"tib", 1 << 40},
	{"kb", 1e3}, {"mb", 1e6}, {"gb", 1e9}, {"tb", 1e12},
	{"b", 1},
}

// ParseByteSize reads a ByteSize.
func ParseByteSize(s string) (ByteSize, error) {
	t := strings.TrimSpace(s)
	unit := 1.0
	for _, u := range byteUnits {
		if n := len(t) - len(u.name); n >= 0 && strings.EqualFold(t[n:], u.name) {
			t, unit = strings.TrimSpace(t[:n]), u.size
			break
		}
	}
	f, err := strconv.ParseFloat(t, 64)
	if err != nil || math.IsNaN(f) || f < 0 {
		return 0, fmt.Errorf("%q: want a size such as 512MiB, 2GB or a number of bytes", s)
	}
	b := f * unit
	if b >= math.MaxInt64 {
		return 0, fmt.Errorf("%q: larger than 8 EiB", s)
	}
	if b != math.Trunc(b) {
		return 0, fmt.Errorf("%q: not a whole number of bytes", s)
	}
	return ByteSize(b), nil
}

// String writes b in the largest binary unit that keeps it readable:
// "512 MiB", "1.5 GiB", "300 B".
func (b ByteSize) String() string { return formatBytes(int64(b)) }

func formatBytes(n int64) string {
	units := []string{"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"}
	f, i := float64(n), 0
	for f >= 1024 && i < len(units)-1 {
		f /= 1024
		i++
	}
	if i == 0 {
		return strconv.FormatInt(n, 10) + " B"
	}
	return strconv.FormatFloat(math.Round(f*10)/10, 'f', -1, 64) + " " + units[i]
}

// UnmarshalText reads b from a config value.
func (b *ByteSize) UnmarshalText(text []byte) error {
	v, err := ParseByteSize(string(text))
	if err != nil {
		return err
	}
	*b = v
	return nil
}

// Set reads b from a command-line flag.
func (b *ByteSize) Set(s string) error { return b.UnmarshalText([]byte(s)) }

// Type names b's kind in a flag's help.
func (b *ByteSize) Type() string { return "size" }
