package events

import (
	"context"
	"github.com/cairn-agents/cairn/understand"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cairn-agents/cairn/eventdata"
	"github.com/cairn-agents/cairn/eventdata/holidays"
	"github.com/cairn-agents/cairn/eventdata/index"
	"github.com/cairn-agents/cairn/geo"
	"github.com/cairn-agents/cairn/geo/geotest"
	"github.com/cairn-agents/cairn/internal/testkit"
)

var (
	sharedOnce sync.Once
	sharedIdx  *index.Index
	sharedErr  error
	sharedDir  string
)

func gazetteer(t testing.TB) *geo.Gazetteer {
	return geotest.Gazetteer(t)
}

// sharedIndex is the shared tech conferences added to an index through
// the path `cairn events index add` takes, once per test binary; it
// skips when ../shared is absent.
func sharedIndex(t testing.TB) *index.Index {
	dir := testkit.Shared(t, "data/events/tech-conferences")
	g := gazetteer(t)
	sharedOnce.Do(func() {
		sharedDir, sharedErr = os.MkdirTemp("", "events-index-")
		if sharedErr != nil {
			return
		}
		ctx := context.Background()
		sharedIdx, sharedErr = index.Open(ctx, index.Options{Dir: sharedDir, Gazetteer: g})
		if sharedErr == nil {
			_, sharedErr = sharedIdx.Add(ctx, dir)
		}
	})
	if sharedErr != nil {
		t.Fatal(sharedErr)
	}
	return sharedIdx
}

// sharedApp is the system over the holidays and the shared index.
func sharedApp(t testing.TB, o Options) *App {
	x := sharedIndex(t)
	o.Gazetteer = gazetteer(t)
	if o.Sources == nil {
		o.Sources = eventdata.Sources{holidays.New(holidays.Options{}), x}
	}
	if o.Searcher == nil {
		o.Searcher = x
	}
	a, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func TestMain(m *testing.M) {
	code := m.Run()
	if sharedIdx != nil {
		sharedIdx.Close()
	}
	if sharedDir != "" {
		os.RemoveAll(sharedDir)
	}
	os.Exit(code)
}

// memSource is an event source over a fixed list, filtered as every
// source filters (Query.Matches) and by Text's words.
type memSource struct {
	name string
	recs []eventdata.Record
	err  error
}

func (m *memSource) Name() string { return m.name }

func (m *memSource) Search(ctx context.Context, q eventdata.Query) (eventdata.Result, error) {
	if m.err != nil {
		return eventdata.Result{}, m.err
	}
	var out eventdata.Result
	for _, r := range m.recs {
		if !q.Matches(r) {
			continue
		}
		if q.Text != "" && !anyWord(recordText(r), q.Text) {
			continue
		}
		out.Hits = append(out.Hits, eventdata.Hit{Record: r, Score: 1})
		if len(out.Hits) == q.Size() {
			break
		}
	}
	out.Total = len(out.Hits)
	return out, nil
}

func anyWord(text, words string) bool {
	for _, w := range strings.Fields(understand.Normalize(words)) {
		if hasWord(text, w) {
			return true
		}
	}
	return false
}

// rec is a record in Berlin (or city, country code) with a key.
func rec(t testing.TB, title, start, end string, kind eventdata.Kind) eventdata.Record {
	r := eventdata.Record{Title: title, Start: start, End: end, Kind: kind, City: "Berlin", Country: "Germany", CountryCode: "DE",
		URL:    "https://example.org/" + strings.ReplaceAll(strings.ToLower(title), " ", "-"),
		Source: eventdata.Provenance{Source: "test", Origin: "events.json", Line: 1, Snippet: title}}
	eventdata.NewResolver(gazetteer(t)).Resolve(&r)
	r.SetKey()
	return r
}

// memApp is the system over recs, with the real gazetteer.
func memApp(t testing.TB, recs []eventdata.Record, o Options) *App {
	o.Gazetteer = gazetteer(t)
	if o.Sources == nil {
		o.Sources = &memSource{name: "test", recs: recs}
	}
	a, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// slowSearcher answers after delay and records how many searches ran at
// once.
type slowSearcher struct {
	inner    Searcher
	delay    time.Duration
	now, max atomic.Int32
}

func (s *slowSearcher) Name() string { return s.inner.Name() }

func (s *slowSearcher) Search(ctx context.Context, q eventdata.Query) (eventdata.Result, error) {
	n := s.now.Add(1)
	defer s.now.Add(-1)
	for {
		m := s.max.Load()
		if n <= m || s.max.CompareAndSwap(m, n) {
			break
		}
	}
	select {
	case <-time.After(s.delay):
	case <-ctx.Done():
		return eventdata.Result{}, ctx.Err()
	}
	return s.inner.Search(ctx, q)
}
