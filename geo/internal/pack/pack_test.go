package pack

import (
	"bytes"
	"errors"
	"testing"
)

func TestRoundTrip(t *testing.T) {
	in := Grid{Source: "t", NLat: 2, NLon: 3, LatStep: 1, LonStep: 1, Cells: Deltas([]int32{5, -7, 100000, 0, -32768, 8848})}
	var buf bytes.Buffer
	if err := Write(&buf, KindGrid, &in); err != nil {
		t.Fatal(err)
	}
	var out Grid
	if err := Read(bytes.NewReader(buf.Bytes()), KindGrid, &out); err != nil {
		t.Fatal(err)
	}
	v, err := Undeltas(out.Cells, 6)
	if err != nil || v[2] != 100000 || v[4] != -32768 || v[5] != 8848 {
		t.Errorf("round trip: %v %v", v, err)
	}
	if err := Read(bytes.NewReader(buf.Bytes()), KindCities, &Cities{}); !errors.Is(err, ErrFormat) {
		t.Errorf("wrong kind: %v", err)
	}
	if _, err := Undeltas(out.Cells, 7); !errors.Is(err, ErrFormat) {
		t.Errorf("short column: %v", err)
	}
	if _, err := Undeltas(out.Cells, 5); !errors.Is(err, ErrFormat) {
		t.Errorf("long column: %v", err)
	}
}

// FuzzRead: derived files come from data directories a user points at;
// bad bytes must give an error, never a panic.
func FuzzRead(f *testing.F) {
	var buf bytes.Buffer
	Write(&buf, KindRegion, &Region{Name: "x", Nodes: 1, NodeLat: Deltas([]int32{1}), EdgeStart: []uint32{0, 0}})
	f.Add(buf.Bytes())
	f.Add([]byte{0x1f, 0x8b, 8, 0, 0, 0, 0, 0})
	f.Fuzz(func(t *testing.T, b []byte) {
		var r Region
		if Read(bytes.NewReader(b), KindRegion, &r) == nil {
			Undeltas(r.NodeLat, r.Nodes)
		}
	})
}
