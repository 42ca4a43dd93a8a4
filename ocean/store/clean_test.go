package store

import (
	"math"
	"testing"
	"time"
)

func TestClean(t *testing.T) {
	paris := time.FixedZone("CET", 3600)
	at := time.Date(2020, 1, 2, 13, 0, 0, 0, paris)
	cases := []struct {
		in, want any
	}{
		{float32(26.172), 26.172},
		{float32(math.NaN()), nil},
		{float32(math.Inf(1)), nil},
		{math.NaN(), nil},
		{math.Inf(-1), nil},
		{1.5, 1.5},
		{[]byte("ARVOR"), "ARVOR"},
		{int64(7), int64(7)},
		{nil, nil},
	}
	for _, c := range cases {
		if got := Clean(c.in); got != c.want {
			t.Errorf("Clean(%#v) = %#v, want %#v", c.in, got, c.want)
		}
	}
	if got, ok := Clean(at).(time.Time); !ok || got.Location() != time.UTC || !got.Equal(at) {
		t.Errorf("Clean(%v) = %v, want the same instant in UTC", at, got)
	}
}
