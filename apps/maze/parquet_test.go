package maze

import (
	"bytes"
	"testing"

	"github.com/parquet-go/parquet-go"
)

func TestParquetRoundTrip(t *testing.T) {
	sum, _, _ := runBytes(t, mustConfig(t, smallRun), 2)
	var b bytes.Buffer
	if err := WriteParquet(&b, sum.Records); err != nil {
		t.Fatal(err)
	}
	back, err := parquet.Read[EpisodeRecord](bytes.NewReader(b.Bytes()), int64(b.Len()))
	if err != nil {
		t.Fatal(err)
	}
	if len(back) != len(sum.Records) {
		t.Fatalf("%d rows back, wrote %d", len(back), len(sum.Records))
	}
	for i := range back {
		if back[i] != sum.Records[i] {
			t.Fatalf("row %d: %+v\nwrote %+v", i, back[i], sum.Records[i])
		}
	}
	f, err := parquet.OpenFile(bytes.NewReader(b.Bytes()), int64(b.Len()))
	if err != nil {
		t.Fatal(err)
	}
	for _, col := range []string{"strategy", "noise_level", "success", "over_reliance", "maze_seed"} {
		if _, ok := f.Schema().Lookup(col); !ok {
			t.Errorf("no column %q in %s", col, f.Schema())
		}
	}
	var b2 bytes.Buffer
	WriteParquet(&b2, sum.Records)
	if !bytes.Equal(b.Bytes(), b2.Bytes()) {
		t.Error("Parquet output not deterministic")
	}
}
