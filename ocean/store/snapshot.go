package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Readers and the writer. The working files of a store directory
// (ocean.duckdb, profiles/) belong to one writer at a time: DuckDB's file
// lock refuses a second. After an ingest the writer publishes a snapshot,
// snapshots/<generation>/: a copy of the DuckDB file whose argo_profiles
// view reads the snapshot's own profiles/, which holds hard links to the
// Parquet files (an ingest writes new files and never changes one in
// place). Then CURRENT is switched to it with an atomic rename. Readers
// (Live) open the current snapshot read-only: they never take the working
// file's lock, so serving and ingesting run at once, and a reader sees a
// whole generation or the one before, never an ingest half done.

const (
	snapshotsDir = "snapshots"
	currentFile  = "CURRENT"
	// snapshotKeep is how long a replaced snapshot stays for readers that
	// still use it; the one before the current is always kept.
	snapshotKeep = 10 * time.Minute
)

// ErrNoSnapshot means no snapshot of the store has been published.
var ErrNoSnapshot = errors.New("no published snapshot of the ocean store")

// Publish makes the store's current content a snapshot and points CURRENT
// at it, then removes snapshots no reader should still use. It returns the
// generation's name. The store must be open read-write.
func (s *Store) Publish(ctx context.Context) (string, error) {
	if s.opts.ReadOnly {
		return "", errors.New("publish: the store is open read-only")
	}
	s.ingestMu.Lock()
	defer s.ingestMu.Unlock()
	if _, err := s.db.ExecContext(ctx, "CHECKPOINT"); err != nil {
		return "", fmt.Errorf("publish: checkpoint: %w", err)
	}
	gen := "g" + strconv.FormatInt(time.Now().UnixNano(), 10)
	snap := filepath.Join(s.dir, snapshotsDir, gen)
	if err := s.writeSnapshot(ctx, snap); err != nil {
		os.RemoveAll(snap)
		return "", fmt.Errorf("publish: %w", err)
	}
	if err := writeAtomic(filepath.Join(s.dir, currentFile), []byte(gen+"\n")); err != nil {
		os.RemoveAll(snap)
		return "", fmt.Errorf("publish: %w", err)
	}
	s.pruneSnapshots(gen)
	return gen, nil
}

// writeSnapshot copies the DuckDB file into snap, links the Parquet files
// and points the copy's view at them.
func (s *Store) writeSnapshot(ctx context.Context, snap string) error {
	if err := os.MkdirAll(filepath.Join(snap, "profiles"), 0o755); err != nil {
		return err
	}
	if err := copyFileSync(filepath.Join(s.dir, "ocean.duckdb"), filepath.Join(snap, "ocean.duckdb")); err != nil {
		return err
	}
	err := filepath.WalkDir(s.profiles, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(s.profiles, p)
		if d.IsDir() {
			if strings.HasPrefix(d.Name(), ".") && p != s.profiles { // staging and moved-aside floats
				return filepath.SkipDir
			}
			return os.MkdirAll(filepath.Join(snap, "profiles", rel), 0o755)
		}
		if !strings.HasSuffix(p, ".parquet") {
			return nil
		}
		dst := filepath.Join(snap, "profiles", rel)
		if err := os.Link(p, dst); err != nil {
			return copyFileSync(p, dst) // a file system without hard links
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("linking profiles: %w", err)
	}
	db, err := sql.Open("duckdb", filepath.Join(snap, "ocean.duckdb"))
	if err != nil {
		return err
	}
	defer db.Close()
	view := &Store{profiles: filepath.Join(snap, "profiles")}
	if err := view.refreshView(ctx, db); err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, "CHECKPOINT")
	return err
}

// pruneSnapshots removes snapshots other than current and the one before
// it that were replaced more than snapshotKeep ago, and unfinished ones.
func (s *Store) pruneSnapshots(current string) {
	dir := filepath.Join(s.dir, snapshotsDir)
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	var gens []string
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), "g") && e.Name() != current {
			gens = append(gens, e.Name())
		}
	}
	// names sort by publication time; the newest before current stays
	for i, g := range gens {
		if i == len(gens)-1 || g > current {
			continue
		}
		if info, err := os.Stat(filepath.Join(dir, gens[i+1])); err == nil && time.Since(info.ModTime()) < snapshotKeep {
			continue // replaced recently: a reader may be on it
		}
		os.RemoveAll(filepath.Join(dir, g))
	}
}

// Current returns the generation CURRENT names in dir, or ErrNoSnapshot.
func Current(dir string) (string, error) {
	b, err := os.ReadFile(filepath.Join(dir, currentFile))
	if errors.Is(err, os.ErrNotExist) {
		return "", ErrNoSnapshot
	}
	if err != nil {
		return "", err
	}
	gen := strings.TrimSpace(string(b))
	if !strings.HasPrefix(gen, "g") || strings.ContainsAny(gen, `/\.`) {
		return "", fmt.Errorf("%s names %q, not a snapshot", filepath.Join(dir, currentFile), gen)
	}
	return gen, nil
}

// OpenSnapshot opens the current snapshot of the store in dir read-only,
// for a reader that needs a *Store of its own (pgsync), or ErrNoSnapshot.
func OpenSnapshot(ctx context.Context, dir string, opts Options) (*Store, error) {
	gen, err := Current(dir)
	if err != nil {
		return nil, err
	}
	opts.ReadOnly = true
	return Open(ctx, filepath.Join(dir, snapshotsDir, gen), opts)
}

func copyFileSync(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.Create(dst)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	if err := out.Sync(); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// writeAtomic replaces path with b: readers see the old or the new
// content, never a mix.
func writeAtomic(path string, b []byte) error {
	tmp := path + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	if _, err := f.Write(b); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// Live answers queries from the latest published snapshot of a store
// directory. Each query runs on the snapshot current when it starts; a
// newly published one is opened for the queries after it (CURRENT is
// checked at most once per CheckEvery). It is safe for concurrent use.
type Live struct {
	dir  string
	opts Options
	// CheckEvery bounds how often CURRENT is read; default 1 s.
	CheckEvery time.Duration

	mu      sync.Mutex
	cur     *liveGen
	checked time.Time
	opening string // the snapshot being opened, with mu released
}

type liveGen struct {
	name    string
	s       *Store
	refs    int
	retired bool
}

// OpenLive opens the current snapshot of the store in dir. A store that
// has none yet (made before snapshots, or never ingested) gets one when
// no writer holds it; otherwise queries fail with ErrNoSnapshot until the
// running ingest publishes. A store in a directory this process cannot
// write is read as it is.
func OpenLive(ctx context.Context, dir string, opts Options) (*Live, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("store dir %q: %w", dir, err)
	}
	opts.ReadOnly = true
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	l := &Live{dir: abs, opts: opts, CheckEvery: time.Second}
	if _, err := Current(abs); errors.Is(err, ErrNoSnapshot) && canWrite(abs) {
		if _, err := os.Stat(filepath.Join(abs, "ocean.duckdb")); err == nil {
			w, err := Open(ctx, abs, Options{Logger: opts.Logger, Now: opts.Now, ActiveWithin: opts.ActiveWithin})
			if err == nil {
				_, err = w.Publish(ctx)
				w.Close()
			}
			if err != nil {
				opts.Logger.Warn("could not publish a first snapshot (an ingest may be running)", "dir", abs, "error", err)
			}
		}
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	err = l.refresh(ctx, true)
	if err == nil && l.cur != nil && !l.cur.s.HasSummary() && canWrite(abs) {
		// A snapshot published before the summary table: the writer's
		// Open makes it, and a new snapshot carries it. While an ingest
		// holds the writer, plans read the levels until it publishes.
		w, werr := Open(ctx, abs, Options{Logger: opts.Logger, Now: opts.Now, ActiveWithin: opts.ActiveWithin})
		if werr == nil {
			_, werr = w.Publish(ctx)
			w.Close()
		}
		if werr == nil {
			err = l.refresh(ctx, true)
		} else {
			opts.Logger.Warn("could not publish a snapshot with the profile summary (an ingest may be running)", "dir", abs, "error", werr)
		}
	}
	if errors.Is(err, ErrNoSnapshot) && !canWrite(abs) {
		// A store on read-only media has no writer to wait for: read its
		// working files as they are.
		s, err := Open(ctx, abs, opts)
		if err != nil {
			return nil, err
		}
		l.cur = &liveGen{name: "", s: s}
		return l, nil
	}
	if err != nil && !errors.Is(err, ErrNoSnapshot) {
		return nil, err
	}
	return l, nil
}

// canWrite is writable; tests running as root replace it.
var canWrite = writable

// writable reports whether files can be made in dir.
func writable(dir string) bool {
	f, err := os.CreateTemp(dir, ".probe-*")
	if err != nil {
		return false
	}
	f.Close()
	os.Remove(f.Name())
	return true
}

// refresh opens CURRENT's snapshot when it changed. l.mu is held.
func (l *Live) refresh(ctx context.Context, force bool) error {
	if !force && time.Since(l.checked) < l.CheckEvery {
		return nil
	}
	l.checked = time.Now()
	gen, err := Current(l.dir)
	if errors.Is(err, ErrNoSnapshot) && l.cur != nil && l.cur.name == "" {
		return nil // the working files of a read-only store
	}
	if err != nil {
		return err
	}
	if l.cur != nil && (l.cur.name == gen || l.opening == gen) {
		return nil // current, or being opened by another caller: serve the current one meanwhile
	}
	// Opening copies the levels into memory (Options.HotBytes), which
	// takes a while: queries go on with the current generation.
	l.opening = gen
	l.mu.Unlock()
	s, err := Open(ctx, filepath.Join(l.dir, snapshotsDir, gen), l.opts)
	l.mu.Lock()
	l.opening = ""
	if err != nil {
		return fmt.Errorf("opening snapshot %s: %w", gen, err)
	}
	if l.cur != nil && l.cur.name == gen { // opened meanwhile by another caller
		s.Close()
		return nil
	}
	if old := l.cur; old != nil {
		old.retired = true
		if old.refs == 0 {
			old.s.Close()
		}
	}
	l.cur = &liveGen{name: gen, s: s}
	return nil
}

// acquire returns the current generation, counted as in use.
func (l *Live) acquire(ctx context.Context) (*liveGen, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if err := l.refresh(ctx, false); err != nil && l.cur == nil {
		return nil, fmt.Errorf("%w in %s (run cairn ocean ingest, or wait for the running one)", err, l.dir)
	} else if err != nil {
		l.opts.Logger.Warn("keeping the open snapshot", "dir", l.dir, "error", err)
	}
	if l.cur == nil {
		return nil, fmt.Errorf("%w in %s", ErrNoSnapshot, l.dir)
	}
	l.cur.refs++
	return l.cur, nil
}

func (l *Live) release(g *liveGen) {
	l.mu.Lock()
	defer l.mu.Unlock()
	g.refs--
	if g.retired && g.refs == 0 {
		g.s.Close()
	}
}

// Query runs a guarded query (see Store.Query) on the current snapshot.
func (l *Live) Query(ctx context.Context, opts QueryOptions, stmt string, args ...any) (*Result, error) {
	g, err := l.acquire(ctx)
	if err != nil {
		return nil, err
	}
	defer l.release(g)
	return g.s.Query(ctx, opts, stmt, args...)
}

// FloatLevels is Store.FloatLevels on the snapshot queries now read.
func (l *Live) FloatLevels(ctx context.Context, wmo string) (*FloatLevels, error) {
	g, err := l.acquire(ctx)
	if err != nil {
		return nil, err
	}
	defer l.release(g)
	return g.s.FloatLevels(ctx, wmo)
}

// AllFloatLevels is Store.AllFloatLevels on the snapshot queries now
// read.
func (l *Live) AllFloatLevels() ([]*FloatLevels, bool) {
	g, err := l.acquire(context.Background())
	if err != nil {
		return nil, false
	}
	defer l.release(g)
	return g.s.AllFloatLevels()
}

// Checked is Store.Checked on the snapshot queries now read.
func (l *Live) Checked(stmt string, templated bool) (string, error) {
	g, err := l.acquire(context.Background())
	if err != nil {
		return "", err
	}
	defer l.release(g)
	return g.s.Checked(stmt, templated)
}

// Generation is the name of the snapshot queries now read ("" when none).
func (l *Live) Generation() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.cur == nil {
		return ""
	}
	return l.cur.name
}

// HasSummary reports whether the snapshot queries now read has the
// summary table (see Store.HasSummary). Snapshots published after one
// that has it have it too.
func (l *Live) HasSummary() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.cur != nil && l.cur.s.HasSummary()
}

// Hot reports whether the current snapshot's argo_profiles reads an
// in-memory copy of the levels (Options.HotBytes).
func (l *Live) Hot() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.cur != nil && l.cur.s.Hot()
}

// Dir is the store directory.
func (l *Live) Dir() string { return l.dir }

// Close closes the open snapshot; queries still running finish first.
func (l *Live) Close() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.cur != nil {
		l.cur.retired = true
		if l.cur.refs == 0 {
			l.cur.s.Close()
		}
		l.cur = nil
	}
	return nil
}
