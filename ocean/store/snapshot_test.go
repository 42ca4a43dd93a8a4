package store

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cairn-agents/cairn/internal/oceantest"
)

// view is what a reader sees of a store: rows of each table.
type view struct{ floats, stations, levels int64 }

func look(ctx context.Context, q interface {
	Query(context.Context, QueryOptions, string, ...any) (*Result, error)
}) (view, error) {
	res, err := q.Query(ctx, QueryOptions{}, `SELECT (SELECT count(*) FROM argo_float_status), (SELECT count(*) FROM argo_profile_stations), (SELECT count(*) FROM argo_profiles)`)
	if err != nil {
		return view{}, err
	}
	r := res.Rows[0]
	return view{r[0].(int64), r[1].(int64), r[2].(int64)}, nil
}

// TestLiveReaderDuringIngest ingests one float and publishes, then keeps
// readers querying while a second float is ingested and published: every
// answer is the first generation's or the second's, never one in between,
// and the readers see the second without reopening anything.
func TestLiveReaderDuringIngest(t *testing.T) {
	gdac := oceantest.GDAC(t)
	ctx := context.Background()
	dir := t.TempDir()
	w, err := Open(ctx, dir, Options{Now: fixedNow})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	if _, err := w.Ingest(ctx, filepath.Join(gdac, "dac/incois/2902269/2902269_prof.nc")); err != nil {
		t.Fatal(err)
	}
	gen1, err := w.Publish(ctx)
	if err != nil {
		t.Fatal(err)
	}
	live, err := OpenLive(ctx, dir, Options{Now: fixedNow})
	if err != nil {
		t.Fatal(err)
	}
	defer live.Close()
	live.CheckEvery = 0
	before, err := look(ctx, live)
	if err != nil {
		t.Fatal(err)
	}
	if before.floats != 1 || before.levels == 0 || live.Generation() != gen1 {
		t.Fatalf("first generation %s: %+v", live.Generation(), before)
	}

	var (
		stop    atomic.Bool
		mu      sync.Mutex
		seen    = map[view]int{}
		readErr error
		wg      sync.WaitGroup
	)
	for range 2 {
		wg.Go(func() {
			for !stop.Load() {
				v, err := look(ctx, live)
				mu.Lock()
				if err != nil && readErr == nil {
					readErr = err
				}
				seen[v]++
				mu.Unlock()
			}
		})
	}
	// The second float: its profile files and prof file, ingested while
	// the readers read.
	rep, err := w.Ingest(ctx, filepath.Join(gdac, "dac/nmdis/2901623"))
	if err != nil {
		t.Fatal(err)
	}
	if rep.Count(Ingested) == 0 {
		t.Fatalf("second float not ingested: %+v", rep)
	}
	mid, err := look(ctx, live)
	if err != nil || mid != before {
		t.Errorf("before publishing, a reader saw %+v (%v), want the first generation %+v", mid, err, before)
	}
	gen2, err := w.Publish(ctx)
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	var after view
	for time.Now().Before(deadline) {
		if after, err = look(ctx, live); err == nil && after != before {
			break
		}
	}
	stop.Store(true)
	wg.Wait()
	if readErr != nil {
		t.Fatalf("a reader failed during the ingest: %v", readErr)
	}
	if after.floats != 2 || after.levels <= before.levels || live.Generation() != gen2 {
		t.Fatalf("after publishing %s the reader is on %s and sees %+v", gen2, live.Generation(), after)
	}
	for v, n := range seen {
		if v != before && v != after {
			t.Errorf("a reader saw %+v %d times: neither generation (%+v, %+v)", v, n, before, after)
		}
	}
	t.Logf("reads: %v", seen)

	// The writer and the snapshot readers hold different files: the
	// working store stays writable while the readers are open.
	if _, err := w.Ingest(ctx, filepath.Join(gdac, "dac/incois/2902269/2902269_meta.nc")); err != nil {
		t.Fatalf("ingest with readers open: %v", err)
	}
}

func TestLiveWithoutSnapshot(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	// A store made before snapshots: the first reader publishes one.
	w, err := Open(ctx, dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	w.Close()
	live, err := OpenLive(ctx, dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer live.Close()
	if v, err := look(ctx, live); err != nil || v != (view{}) {
		t.Errorf("empty store: %+v %v", v, err)
	}

	// A store a writer holds that was never published: queries say so.
	dir2 := t.TempDir()
	w2, err := Open(ctx, dir2, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer w2.Close()
	live2, err := OpenLive(ctx, dir2, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer live2.Close()
	// In one process DuckDB shares the open database, so the reader
	// publishes the first snapshot itself (TestLiveAcrossProcesses covers
	// a writer in another process).
	if _, err = look(ctx, live2); err != nil {
		t.Errorf("unpublished store held by a writer in this process: %v", err)
	}
	os.WriteFile(filepath.Join(dir2, currentFile), []byte("../etc\n"), 0o644)
	if _, err := Current(dir2); err == nil {
		t.Error("CURRENT naming ../etc accepted")
	}
}

func TestPublishPrunesOldSnapshots(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	w, err := Open(ctx, dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	var gens []string
	for range 4 {
		g, err := w.Publish(ctx)
		if err != nil {
			t.Fatal(err)
		}
		gens = append(gens, g)
		// pretend each was replaced long ago
		old := time.Now().Add(-time.Hour)
		os.Chtimes(filepath.Join(dir, snapshotsDir, g), old, old)
	}
	entries, _ := os.ReadDir(filepath.Join(dir, snapshotsDir))
	var left []string
	for _, e := range entries {
		left = append(left, e.Name())
	}
	if want := fmt.Sprint(gens[2:]); fmt.Sprint(left) != want {
		t.Errorf("snapshots left %v, want the current and the one before %v", left, want)
	}
}

// TestLiveAcrossProcesses runs the writer in another process, as cairn
// ocean ingest beside cairn serve: the writer opens the store read-write
// while this process reads it (DuckDB's lock would refuse that on one
// file), and the reader moves to the new data without reopening.
func TestLiveAcrossProcesses(t *testing.T) {
	if dir := os.Getenv("CAIRN_TEST_WRITER_DIR"); dir != "" {
		writerProcess(t, dir)
		return
	}
	gdac := oceantest.GDAC(t)
	ctx := context.Background()
	dir := t.TempDir()
	w, err := Open(ctx, dir, Options{Now: fixedNow})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.Ingest(ctx, filepath.Join(gdac, "dac/incois/2902269/2902269_prof.nc")); err != nil {
		t.Fatal(err)
	}
	if _, err := w.Publish(ctx); err != nil {
		t.Fatal(err)
	}
	w.Close()
	live, err := OpenLive(ctx, dir, Options{Now: fixedNow})
	if err != nil {
		t.Fatal(err)
	}
	defer live.Close()
	live.CheckEvery = 0
	before, err := look(ctx, live)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestLiveAcrossProcesses$", "-test.v")
	cmd.Env = append(os.Environ(), "CAIRN_TEST_WRITER_DIR="+dir, "CAIRN_TEST_GDAC="+gdac)
	out := make(chan error, 1)
	var log []byte
	go func() {
		var err error
		log, err = cmd.CombinedOutput()
		out <- err
	}()
	seen := map[view]int{}
	var after view
	for done := false; !done; {
		select {
		case err := <-out:
			if err != nil {
				t.Fatalf("writer process: %v\n%s", err, log)
			}
			done = true
		default:
		}
		v, err := look(ctx, live)
		if err != nil {
			t.Fatalf("reader during the other process's ingest: %v", err)
		}
		seen[v]++
		after = v
	}
	if after, err = look(ctx, live); err != nil || after.floats != 2 {
		t.Fatalf("after the writer published: %+v %v\n%s", after, err, log)
	}
	for v, n := range seen {
		if v != before && v != after {
			t.Errorf("the reader saw %+v %d times: neither generation (%+v, %+v)", v, n, before, after)
		}
	}
	t.Logf("reads while the other process ingested: %v", seen)
}

func writerProcess(t *testing.T, dir string) {
	ctx := context.Background()
	w, err := Open(ctx, dir, Options{Now: fixedNow})
	if err != nil {
		t.Fatalf("writer cannot open the store a reader has open: %v", err)
	}
	defer w.Close()
	if _, err := w.Ingest(ctx, filepath.Join(os.Getenv("CAIRN_TEST_GDAC"), "dac/nmdis/2901623")); err != nil {
		t.Fatal(err)
	}
	if _, err := w.Publish(ctx); err != nil {
		t.Fatal(err)
	}
}

func TestLiveReadOnlyDirectory(t *testing.T) {
	if os.Geteuid() == 0 { // root writes to read-only directories
		canWrite = func(string) bool { return false }
		defer func() { canWrite = writable }()
	}
	ctx := context.Background()
	dir := t.TempDir()
	w, err := Open(ctx, dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	w.Close()
	os.Chmod(dir, 0o555)
	defer os.Chmod(dir, 0o755)
	live, err := OpenLive(ctx, dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer live.Close()
	if _, err := look(ctx, live); err != nil || live.Generation() != "" {
		t.Errorf("a store in a read-only directory: %v (generation %q)", err, live.Generation())
	}
}

// TestTwoReadersInOneProcess: a server and a cairn ocean ask in one
// process open the same snapshot; DuckDB shares the database, which the
// first Open locked, and the second accepts that lock.
func TestTwoReadersInOneProcess(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	w, err := Open(ctx, dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.Publish(ctx); err != nil {
		t.Fatal(err)
	}
	w.Close()
	for i := range 2 {
		l, err := OpenLive(ctx, dir, Options{})
		if err != nil {
			t.Fatal(err)
		}
		defer l.Close()
		if _, err := look(ctx, l); err != nil {
			t.Errorf("reader %d: %v", i+1, err)
		}
	}
	// and the lock still holds: files outside the profiles stay out of reach
	l, _ := OpenLive(ctx, dir, Options{})
	defer l.Close()
	if _, err := l.Query(ctx, QueryOptions{}, "SELECT * FROM read_csv('/etc/passwd')"); err == nil {
		t.Error("the second reader read /etc/passwd")
	}
}
