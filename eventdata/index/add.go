package index

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"syscall"
	"time"

	"github.com/blevesearch/bleve/v2"

	"github.com/cairn-agents/cairn/eventdata"
	"github.com/cairn-agents/cairn/eventdata/eventfile"
)

// AddReport says what an Add did.
type AddReport struct {
	Files []FileReport `json:"files"`
	// New records stored; Duplicates were already stored (from another
	// file, or earlier in the same one) and were merged into them.
	New        int `json:"new"`
	Duplicates int `json:"duplicates"`
	// Records is the index's size after the add.
	Records  int           `json:"records"`
	Duration time.Duration `json:"duration_ns"`
}

// FileReport is one file of an Add.
type FileReport struct {
	Path     string              `json:"path"`
	Format   eventfile.Format    `json:"format"`
	Records  int                 `json:"records"`
	Replaced bool                `json:"replaced,omitempty"` // it was added before; its old records were replaced
	Problems []eventfile.Problem `json:"problems,omitempty"`
}

// ErrNotAdded is a Remove of a path the index does not hold.
var ErrNotAdded = errors.New("not in the events index")

// Add reads the event files at paths (files, or directories searched for
// .ics, .json, .jsonl, .csv and .tsv files) and adds their records. A
// file added before is read again and replaces its old records. Rows that
// cannot be read are reported in FileReport.Problems; a file that cannot
// be read at all fails the whole Add, and the index stays as it was.
func (x *Index) Add(ctx context.Context, paths ...string) (AddReport, error) {
	began := time.Now()
	files, err := expand(paths)
	if err != nil {
		return AddReport{}, fmt.Errorf("events index add: nothing added: %w", err)
	}
	var rep AddReport
	read := make([]eventfile.File, 0, len(files))
	sizes := map[string]int64{}
	for i, p := range files {
		if err := ctx.Err(); err != nil {
			return AddReport{}, err
		}
		f, err := eventfile.Read(p, x.o.MaxFileSize)
		if err != nil {
			return AddReport{}, fmt.Errorf("events index add: nothing added: %w", err)
		}
		if st, err := os.Stat(p); err == nil {
			sizes[p] = st.Size()
		}
		read = append(read, f)
		x.progress(Progress{Phase: "read", Done: i + 1, Total: len(files), Path: p, Records: len(f.Records)})
	}
	err = x.change(ctx, func(m *manifest, recs map[string]*stored) error {
		rv := eventdata.NewResolver(x.o.Gazetteer)
		now := time.Now().UTC()
		before := make(map[string]bool, len(recs))
		for k := range recs {
			before[k] = true
		}
		for _, f := range read {
			fr := FileReport{Path: f.Path, Format: f.Format, Records: len(f.Records), Problems: f.Problems}
			if i := slices.IndexFunc(m.Files, func(fi FileInfo) bool { return fi.Path == f.Path }); i >= 0 {
				fr.Replaced = true
				m.Files = slices.Delete(m.Files, i, i+1)
				dropOrigins(recs, func(o string) bool { return o == f.Path })
			}
			for _, r := range f.Records {
				rv.Resolve(&r)
				r.SetKey()
				if s, ok := recs[r.Key]; ok {
					rep.Duplicates++
					s.Origins = append(s.Origins, r.Source)
					s.Source = s.Origins[0]
					s.Topics = mergeTopics(s.Topics, r.Topics)
					continue
				}
				if !before[r.Key] {
					rep.New++
				}
				recs[r.Key] = &stored{Record: r, Origins: []eventdata.Provenance{r.Source}}
			}
			m.Files = append(m.Files, FileInfo{Path: f.Path, Format: f.Format, Size: sizes[f.Path], Added: now,
				Records: len(f.Records), Problems: len(f.Problems)})
			rep.Files = append(rep.Files, fr)
		}
		return nil
	})
	if err != nil {
		return AddReport{}, fmt.Errorf("events index add: nothing added: %w", err)
	}
	rep.Records = x.Len()
	rep.Duration = time.Since(began)
	return rep, nil
}

// Remove takes the files at paths (a file added, or a directory: every
// file added from under it) out of the index, with the records no other
// file lists. It returns the files removed.
func (x *Index) Remove(ctx context.Context, paths ...string) ([]string, error) {
	var removed []string
	err := x.change(ctx, func(m *manifest, recs map[string]*stored) error {
		gone := map[string]bool{}
		for _, p := range paths {
			abs, err := filepath.Abs(p)
			if err != nil {
				return err
			}
			n := 0
			for _, f := range m.Files {
				if f.Path == abs || strings.HasPrefix(f.Path, abs+string(filepath.Separator)) {
					gone[f.Path] = true
					n++
				}
			}
			if n == 0 {
				return fmt.Errorf("%s: %w (see cairn events index list)", p, ErrNotAdded)
			}
		}
		m.Files = slices.DeleteFunc(m.Files, func(f FileInfo) bool {
			if gone[f.Path] {
				removed = append(removed, f.Path)
			}
			return gone[f.Path]
		})
		dropOrigins(recs, func(o string) bool { return gone[o] })
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("events index remove: nothing removed: %w", err)
	}
	return removed, nil
}

// dropOrigins removes the provenances of the files gone says, and the
// records left with none.
func dropOrigins(recs map[string]*stored, gone func(path string) bool) {
	for k, s := range recs {
		s.Origins = slices.DeleteFunc(s.Origins, func(p eventdata.Provenance) bool { return gone(p.Origin) })
		if len(s.Origins) == 0 {
			delete(recs, k)
			continue
		}
		s.Source = s.Origins[0]
	}
}

func mergeTopics(a, b []string) []string {
	for _, t := range b {
		if !slices.ContainsFunc(a, func(x string) bool { return strings.EqualFold(x, t) }) {
			a = append(a, t)
		}
	}
	return a
}

// expand turns paths into the event files they name, absolute, sorted
// within each directory.
func expand(paths []string) ([]string, error) {
	if len(paths) == 0 {
		return nil, errors.New("no file or directory given")
	}
	var out []string
	seen := map[string]bool{}
	for _, p := range paths {
		abs, err := filepath.Abs(p)
		if err != nil {
			return nil, err
		}
		st, err := os.Stat(abs)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			if _, ok := eventfile.FormatOf(abs); !ok {
				return nil, fmt.Errorf("%s: %w", p, eventfile.ErrUnknownFormat)
			}
			if !seen[abs] {
				seen[abs] = true
				out = append(out, abs)
			}
			continue
		}
		n := 0
		err = filepath.WalkDir(abs, func(q string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if strings.HasPrefix(d.Name(), ".") && q != abs {
				if d.IsDir() {
					return filepath.SkipDir
				}
				return nil
			}
			if _, ok := eventfile.FormatOf(q); ok && d.Type().IsRegular() && !seen[q] {
				seen[q] = true
				out = append(out, q)
				n++
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		if n == 0 {
			return nil, fmt.Errorf("%s holds no event files (.ics, .json, .jsonl, .csv, .tsv)", p)
		}
	}
	return out, nil
}

func (x *Index) progress(p Progress) {
	if x.o.Progress != nil {
		x.o.Progress(p)
	}
}

// change applies edit to the latest state on disk, under the directory's
// lock, writes it as the next generation and switches to it.
func (x *Index) change(ctx context.Context, edit func(*manifest, map[string]*stored) error) error {
	if err := os.MkdirAll(x.o.Dir, 0o755); err != nil {
		return err
	}
	unlock, err := lock(ctx, filepath.Join(x.o.Dir, "lock"))
	if err != nil {
		return err
	}
	defer unlock()
	// Another process may have changed the index since Open.
	latest := &Index{o: x.o, recs: map[string]*stored{}}
	if err := latest.loadState(); err != nil {
		return err
	}
	m := latest.man
	m.Version = manifestVersion
	if err := edit(&m, latest.recs); err != nil {
		return err
	}
	m.Generation++
	m.Records = len(latest.recs)
	if err := x.write(ctx, m, latest.recs); err != nil {
		os.Remove(filepath.Join(x.o.Dir, recordsName(m.Generation)))
		os.RemoveAll(filepath.Join(x.o.Dir, bleveName(m.Generation)))
		return err
	}
	x.mu.Lock()
	old := x.bi
	x.bi = nil
	if old != nil {
		old.Close()
	}
	err = x.load(context.WithoutCancel(ctx))
	x.mu.Unlock()
	x.sweep(m.Generation)
	return err
}

// loadState reads the manifest and records, not the search index.
func (x *Index) loadState() error {
	raw, err := os.ReadFile(filepath.Join(x.o.Dir, "manifest.json"))
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	if err := json.Unmarshal(raw, &x.man); err != nil {
		return fmt.Errorf("events index %s: manifest.json is damaged (%v); remove the directory and add the files again", x.o.Dir, err)
	}
	recs, err := readRecords(filepath.Join(x.o.Dir, recordsName(x.man.Generation)))
	if err != nil {
		return fmt.Errorf("events index %s: %w", x.o.Dir, err)
	}
	x.recs = recs
	return nil
}

// write writes generation m.Generation: the records, the search index,
// then manifest.json by rename, the moment the change takes effect.
func (x *Index) write(ctx context.Context, m manifest, recs map[string]*stored) error {
	keys := make([]string, 0, len(recs))
	for k := range recs {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	rp := filepath.Join(x.o.Dir, recordsName(m.Generation))
	f, err := os.Create(rp)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	enc := json.NewEncoder(w)
	for _, k := range keys {
		if err := enc.Encode(recs[k]); err != nil {
			f.Close()
			return err
		}
	}
	if err := errors.Join(w.Flush(), f.Sync(), f.Close()); err != nil {
		return err
	}
	if len(recs) > 0 {
		if err := x.build(ctx, filepath.Join(x.o.Dir, bleveName(m.Generation)), keys, recs); err != nil {
			return err
		}
	}
	raw, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	tmp := filepath.Join(x.o.Dir, "manifest.json.tmp")
	if err := os.WriteFile(tmp, raw, 0o644); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		os.Remove(tmp)
		return err
	}
	return os.Rename(tmp, filepath.Join(x.o.Dir, "manifest.json"))
}

// batchSize is how many records go to bleve at once.
const batchSize = 500

func (x *Index) build(ctx context.Context, path string, keys []string, recs map[string]*stored) error {
	os.RemoveAll(path) // a generation an earlier failure left
	bi, err := bleve.New(path, newMapping())
	if err != nil {
		return fmt.Errorf("search index: %w", err)
	}
	b := bi.NewBatch()
	for i, k := range keys {
		if err := b.Index(k, docOf(recs[k].Record)); err != nil {
			bi.Close()
			return fmt.Errorf("search index: %w", err)
		}
		if b.Size() >= batchSize || i == len(keys)-1 {
			if err := ctx.Err(); err != nil {
				bi.Close()
				return err
			}
			if err := bi.Batch(b); err != nil {
				bi.Close()
				return fmt.Errorf("search index: %w", err)
			}
			b.Reset()
			x.progress(Progress{Phase: "index", Done: i + 1, Total: len(keys)})
		}
	}
	return bi.Close()
}

// sweep removes the files of generations other than gen.
func (x *Index) sweep(gen int) {
	ents, _ := os.ReadDir(x.o.Dir)
	keep := map[string]bool{recordsName(gen): true, bleveName(gen): true}
	for _, e := range ents {
		n := e.Name()
		if (strings.HasPrefix(n, "records-") || strings.HasPrefix(n, "bleve-")) && !keep[n] {
			os.RemoveAll(filepath.Join(x.o.Dir, n))
		}
	}
}

// lock takes the directory's lock file, waiting while another process
// holds it until ctx ends.
func lock(ctx context.Context, path string) (func(), error) {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return nil, err
	}
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if err == nil {
			return func() {
				syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
				f.Close()
			}, nil
		}
		if !errors.Is(err, syscall.EWOULDBLOCK) {
			f.Close()
			return nil, fmt.Errorf("lock %s: %w", path, err)
		}
		select {
		case <-ctx.Done():
			f.Close()
			return nil, fmt.Errorf("another cairn is changing the events index (%s): %w", path, ctx.Err())
		case <-time.After(100 * time.Millisecond):
		}
	}
}
