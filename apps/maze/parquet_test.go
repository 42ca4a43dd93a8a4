package maze

import (
	"bytes"
	"context"
	"io"
	"strings"
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
	if err := WriteParquet(&b2, sum.Records); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b.Bytes(), b2.Bytes()) {
		t.Error("Parquet output not deterministic")
	}
}

// TestStepsParquet: the steps' Parquet copy holds the same records as
// steps.jsonl, in episode order, with the same bytes whatever the
// parallelism, and is written without the JSON lines too.
func TestStepsParquet(t *testing.T) {
	c := mustConfig(t, smallRun)
	run := func(parallel int, jsonl bool) ([]byte, string) {
		var pq, steps bytes.Buffer
		opt := RunOptions{Parallel: parallel, Episodes: io.Discard, StepsParquet: &pq}
		if jsonl {
			opt.Steps = &steps
		}
		if _, err := Run(context.Background(), c, opt); err != nil {
			t.Fatal(err)
		}
		return pq.Bytes(), steps.String()
	}
	p1, s1 := run(1, true)
	p4, _ := run(4, false)
	if !bytes.Equal(p1, p4) {
		t.Error("steps Parquet differs between parallel 1 (with JSONL) and 4 (without)")
	}
	rows, err := parquet.Read[StepRecord](bytes.NewReader(p1), int64(len(p1)))
	if err != nil {
		t.Fatal(err)
	}
	byEp, bad, err := ReadSteps(strings.NewReader(s1), StepsFile, func(int) bool { return true })
	if err != nil || len(bad) > 0 {
		t.Fatal(err, bad)
	}
	var want []StepRecord
	for ep := range len(byEp) {
		want = append(want, byEp[ep]...)
	}
	if len(rows) == 0 || len(rows) != len(want) {
		t.Fatalf("%d Parquet rows, %d JSONL steps", len(rows), len(want))
	}
	for i := range rows {
		if rows[i] != want[i] {
			t.Fatalf("row %d: %+v\nJSONL %+v", i, rows[i], want[i])
		}
	}
	f, err := parquet.OpenFile(bytes.NewReader(p1), int64(len(p1)))
	if err != nil {
		t.Fatal(err)
	}
	for _, col := range []string{"episode", "t", "action", "asked", "advice_wrong", "move_source"} {
		if _, ok := f.Schema().Lookup(col); !ok {
			t.Errorf("no column %q in %s", col, f.Schema())
		}
	}
}
