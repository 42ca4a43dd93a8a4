// Package index is the local event index: a person's event files
// (iCalendar, JSON, CSV; package eventfile) added under a directory,
// each record placed through a gazetteer and stored once however many
// files list it, searched offline with bleve (BM25 ranking) and the
// structured filters of eventdata.Query. It implements eventdata.Source.
//
// On disk, a directory holds manifest.json (the files added and the
// current generation), records-N.jsonl (every record with the files it
// came from) and bleve-N/ (the search index of generation N). Add and
// Remove write generation N+1 beside N and switch manifest.json to it
// with one rename, so a failed or interrupted change leaves the index as
// it was; a lock file keeps two processes from changing it at once.
package index

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"sync"
	"time"

	"github.com/blevesearch/bleve/v2"

	"github.com/cairn-agents/cairn/eventdata"
	"github.com/cairn-agents/cairn/eventdata/eventfile"
	"github.com/cairn-agents/cairn/understand"
)

// Name is the source's name in Provenance.Source.
const Name = "index"

// EnvDir names the environment variable of the default directory.
const EnvDir = "CAIRN_EVENTS_DIR"

// DefaultDir is $CAIRN_EVENTS_DIR, else ~/.local/share/cairn/events.
func DefaultDir() (string, error) {
	if d := os.Getenv(EnvDir); d != "" {
		return d, nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("no events directory: set %s or --events-dir (%w)", EnvDir, err)
	}
	return filepath.Join(home, ".local", "share", "cairn", "events"), nil
}

// Options configure an Index.
type Options struct {
	// Dir holds the index; it is created by the first Add.
	Dir string
	// Gazetteer places records (city, region, country, coordinates);
	// nil leaves them as written, matched by name only.
	Gazetteer understand.Gazetteer
	// MaxFileSize bounds each file Add reads; 0 means
	// eventfile.DefaultMaxSize.
	MaxFileSize int64
	// Progress, when set, hears how a long Add goes.
	Progress func(Progress)
}

// Progress is a step of Add.
type Progress struct {
	Phase   string `json:"phase"` // "read", "index"
	Done    int    `json:"done"`
	Total   int    `json:"total"`
	Path    string `json:"path,omitempty"`
	Records int    `json:"records"`
}

// FileInfo is a file added to the index.
type FileInfo struct {
	Path     string           `json:"path"`
	Format   eventfile.Format `json:"format"`
	Size     int64            `json:"size"`
	Added    time.Time        `json:"added"`
	Records  int              `json:"records"`
	Problems int              `json:"problems"`
}

// manifest is manifest.json.
type manifest struct {
	Version    int        `json:"version"`
	Generation int        `json:"generation"`
	Records    int        `json:"records"`
	Files      []FileInfo `json:"files"`
}

const manifestVersion = 1

// stored is a record with every file that lists it.
type stored struct {
	eventdata.Record
	// Origins are the record's provenance in each file listing it; the
	// first is Record.Source.
	Origins []eventdata.Provenance `json:"origins"`
}

// Index is an open event index. Search is safe for concurrent use, and
// Add and Remove may run beside searches.
type Index struct {
	o Options

	mu   sync.RWMutex
	man  manifest
	recs map[string]*stored
	bi   bleve.Index // nil when the index is empty
}

var _ eventdata.Source = (*Index)(nil)

// Open opens the index in o.Dir; a directory that does not exist yet is
// an empty index.
func Open(ctx context.Context, o Options) (*Index, error) {
	if o.Dir == "" {
		return nil, errors.New("events index: no directory")
	}
	x := &Index{o: o, recs: map[string]*stored{}}
	if err := x.load(ctx); err != nil {
		return nil, err
	}
	return x, nil
}

// load reads the manifest's generation.
func (x *Index) load(ctx context.Context) error {
	raw, err := os.ReadFile(filepath.Join(x.o.Dir, "manifest.json"))
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("events index %s: %w", x.o.Dir, err)
	}
	var m manifest
	if err := json.Unmarshal(raw, &m); err != nil {
		return fmt.Errorf("events index %s: manifest.json is damaged (%v); remove the directory and add the files again", x.o.Dir, err)
	}
	if m.Version != manifestVersion {
		return fmt.Errorf("events index %s: version %d, this cairn reads %d; remove the directory and add the files again", x.o.Dir, m.Version, manifestVersion)
	}
	recs, err := readRecords(filepath.Join(x.o.Dir, recordsName(m.Generation)))
	if err != nil {
		return fmt.Errorf("events index %s: %w", x.o.Dir, err)
	}
	var bi bleve.Index
	if len(recs) > 0 {
		bi, err = bleve.OpenUsing(filepath.Join(x.o.Dir, bleveName(m.Generation)), map[string]any{"read_only": true})
		if err != nil {
			return fmt.Errorf("events index %s: search index: %w", x.o.Dir, err)
		}
	}
	if err := ctx.Err(); err != nil {
		if bi != nil {
			bi.Close()
		}
		return err
	}
	x.man, x.recs, x.bi = m, recs, bi
	return nil
}

func recordsName(gen int) string { return fmt.Sprintf("records-%d.jsonl", gen) }
func bleveName(gen int) string   { return fmt.Sprintf("bleve-%d", gen) }

func readRecords(path string) (map[string]*stored, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	out := map[string]*stored{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 64<<10), 16<<20)
	for n := 1; sc.Scan(); n++ {
		var s stored
		if err := json.Unmarshal(sc.Bytes(), &s); err != nil {
			return nil, fmt.Errorf("%s:%d: %w", path, n, err)
		}
		out[s.Key] = &s
	}
	return out, sc.Err()
}

// Close releases the search index.
func (x *Index) Close() error {
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.bi == nil {
		return nil
	}
	err := x.bi.Close()
	x.bi = nil
	return err
}

// Name implements eventdata.Source.
func (x *Index) Name() string { return Name }

// Dir is the index's directory.
func (x *Index) Dir() string { return x.o.Dir }

// Files are the files added, in the order added.
func (x *Index) Files() []FileInfo {
	x.mu.RLock()
	defer x.mu.RUnlock()
	return append([]FileInfo(nil), x.man.Files...)
}

// Len is the number of records.
func (x *Index) Len() int {
	x.mu.RLock()
	defer x.mu.RUnlock()
	return len(x.recs)
}

// Search implements eventdata.Source: bleve finds the records matching
// q's text in its time frame and country (BM25, Keywords adding to the
// score; by date when there is no text), then q's place, radius and
// online filters keep the ones that match exactly.
func (x *Index) Search(ctx context.Context, q eventdata.Query) (eventdata.Result, error) {
	if err := q.Validate(); err != nil {
		return eventdata.Result{}, err
	}
	x.mu.RLock()
	defer x.mu.RUnlock()
	if x.bi == nil {
		return eventdata.Result{Notes: []string{"events index " + x.o.Dir + " is empty: add files with cairn events index add"}}, nil
	}
	limit := q.Size()
	// The place and online filters below drop some candidates: ask
	// bleve for a few times the limit, and for all only when too few
	// were left.
	fetch := min(len(x.recs), max(4*limit, 100))
	for {
		req := bleve.NewSearchRequestOptions(buildQuery(q), fetch, 0, false)
		if q.Text == "" && len(q.Keywords) == 0 {
			req.SortBy([]string{"start", "_id"})
		} else {
			req.SortBy([]string{"-_score", "start", "_id"})
		}
		sr, err := x.bi.SearchInContext(ctx, req)
		if err != nil {
			if ctx.Err() != nil {
				return eventdata.Result{}, ctx.Err()
			}
			return eventdata.Result{}, fmt.Errorf("events index %s: search: %w", x.o.Dir, err)
		}
		var res eventdata.Result
		for _, h := range sr.Hits {
			s, ok := x.recs[h.ID]
			if !ok || !q.Matches(s.Record) {
				continue
			}
			res.Total++
			if len(res.Hits) < limit {
				res.Hits = append(res.Hits, eventdata.Hit{Record: s.Record, Score: h.Score})
			}
		}
		if len(res.Hits) == limit || uint64(len(sr.Hits)) >= sr.Total || fetch >= len(x.recs) {
			if uint64(len(sr.Hits)) < sr.Total {
				res.Total = int(sr.Total) // not all seen: bleve's count, an upper bound
			}
			return res, nil
		}
		fetch = len(x.recs)
	}
}

// Records are every record, by start day then key: for listing and
// tests.
func (x *Index) Records() []eventdata.Record {
	x.mu.RLock()
	defer x.mu.RUnlock()
	out := make([]eventdata.Record, 0, len(x.recs))
	for _, s := range x.recs {
		out = append(out, s.Record)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Start != out[j].Start {
			return out[i].Start < out[j].Start
		}
		return out[i].Key < out[j].Key
	})
	return out
}

// Origins are every file's provenance of the record with key.
func (x *Index) Origins(key string) []eventdata.Provenance {
	x.mu.RLock()
	defer x.mu.RUnlock()
	if s, ok := x.recs[key]; ok {
		return append([]eventdata.Provenance(nil), s.Origins...)
	}
	return nil
}
