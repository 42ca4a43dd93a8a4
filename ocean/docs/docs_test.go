package docs

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/internal/oceantest"
)

func TestSplitRST(t *testing.T) {
	src := "Title\n=====\n\nIntro paragraph that is long enough.\n\nSub part\n--------\n\nText under the sub part, long enough too.\n\nOther\n=====\n\nBack at top level with some words.\n"
	ps, err := Split("a/b.rst", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	var sections []string
	for _, p := range ps {
		sections = append(sections, p.Section)
	}
	want := []string{"Title", "Title > Sub part", "Other"}
	if strings.Join(sections, "|") != strings.Join(want, "|") {
		t.Errorf("sections = %q, want %q", sections, want)
	}
}

func TestSearchRanksAndCites(t *testing.T) {
	ix := NewIndex([]Passage{
		{File: "qc.rst", Section: "Flags", Text: "QC flag 4 means bad data that should not be used."},
		{File: "install.rst", Section: "Install", Text: "Install argopy with pip or conda."},
		{File: "qc.rst", Section: "Modes", Text: "Data mode D means delayed mode, adjusted by an expert."},
	})
	hits := ix.Search("What does QC flag 4 mean?", 5)
	if len(hits) == 0 || hits[0].File != "qc.rst" || hits[0].Section != "Flags" {
		t.Fatalf("hits = %+v", hits)
	}
	for _, h := range hits {
		if h.Section == "Install" {
			t.Errorf("passage sharing no term was returned: %+v", h)
		}
	}
	c := hits[0].Cite()
	if !c.Valid() || c.File() != "qc.rst" || c.Quote() != hits[0].Text {
		t.Errorf("citation = %+v", c)
	}
	if _, err := json.Marshal(c); err != nil {
		t.Error(err)
	}
	if _, err := json.Marshal(Citation{}); !errors.Is(err, ErrInvalidCitation) {
		t.Errorf("zero citation marshalled: %v", err)
	}
	if len(ix.Search("zzz qqq", 5)) != 0 {
		t.Errorf("unrelated query returned hits")
	}
}

func TestSaveLoad(t *testing.T) {
	ix := NewIndex([]Passage{{File: "a.md", Section: "A", Text: "alpha beta gamma"}})
	p := filepath.Join(t.TempDir(), "docs.json")
	if err := ix.Save(p); err != nil {
		t.Fatal(err)
	}
	back, err := Load(p)
	if err != nil || back.Len() != 1 || len(back.Search("beta", 1)) != 1 {
		t.Fatalf("load: %v, %d passages", err, back.Len())
	}
	empty, err := Load(filepath.Join(t.TempDir(), "missing.json"))
	if err != nil || empty.Len() != 0 {
		t.Errorf("missing index: %v", err)
	}
}

func TestRealCorpus(t *testing.T) {
	dir := oceantest.Docs(t)
	ix := NewIndex(nil)
	files, n, err := ix.AddDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if files < 60 || n < 300 {
		t.Errorf("added %d files, %d passages", files, n)
	}
	// adding again replaces, does not duplicate
	if _, _, err := ix.AddDir(dir); err != nil || ix.Len() != n {
		t.Errorf("re-add: %d passages, want %d (%v)", ix.Len(), n, err)
	}
	hits := ix.Search("What does QC flag 4 mean?", 5)
	found := false
	for _, h := range hits {
		if strings.Contains(h.File, "RR2") || strings.Contains(h.File, "RD2") {
			found = strings.Contains(h.Text, "Bad data")
			break
		}
	}
	if !found {
		for _, h := range hits {
			t.Logf("%.2f %s %s", h.Score, h.File, h.Section)
		}
		t.Errorf("QC flag 4 question did not retrieve the flag table's 'Bad data' entry")
	}
	hits = ix.Search("Argo user's manual DOI", 3)
	if len(hits) == 0 || !strings.Contains(hits[0].Text+hits[1].Text+hits[2].Text, "10.13155/29825") {
		t.Errorf("user manual DOI not retrieved: %+v", hits)
	}
}

func FuzzSplit(f *testing.F) {
	f.Add("a.rst", "Title\n=====\n\ntext text text text text\n")
	f.Add("b.md", "# H\n\n```\n# not a heading\n```\nbody text that is long enough\n")
	f.Add("c.json", `{"name":"RR2","long_name":"flags","data":{"@graph":[{"skos:altLabel":"4","skos:prefLabel":{"@value":"Bad data"}}]}}`)
	f.Fuzz(func(t *testing.T, name, body string) {
		ps, err := Split(name, []byte(body))
		if err != nil {
			return
		}
		for _, p := range ps {
			if p.File != name || p.Section == "" {
				t.Fatalf("passage %+v from %q", p, name)
			}
		}
		NewIndex(ps).Search(body, 3)
	})
}

// topicEmbedder is a fake embedding model (the model boundary): it maps a
// text to counts of a few topic word groups, so "sea surface warmth" and
// "temperature" land near each other without sharing a word.
type topicEmbedder struct {
	calls int
	fail  bool
}

func (e *topicEmbedder) Name() string { return "fake:topics" }

func (e *topicEmbedder) Embed(_ context.Context, texts []string) ([][]float32, error) {
	e.calls++
	if e.fail {
		return nil, errors.New("model unavailable")
	}
	groups := [][]string{{"temperature", "warm", "warmth", "heat", "thermal"}, {"salinity", "salt", "saline"}, {"install", "pip", "conda"}}
	out := make([][]float32, len(texts))
	for i, t := range texts {
		v := make([]float32, len(groups))
		for g, words := range groups {
			for _, w := range words {
				v[g] += float32(strings.Count(strings.ToLower(t), w))
			}
		}
		out[i] = v
	}
	return out, nil
}

func TestHybridSearch(t *testing.T) {
	ix := NewIndex([]Passage{
		{File: "a.md", Section: "Temperature", Text: "Sea temperature is measured by the CTD thermal sensor."},
		{File: "b.md", Section: "Salinity", Text: "Salinity comes from conductivity."},
		{File: "c.md", Section: "Install", Text: "Install with pip or conda."},
	})
	e := &topicEmbedder{}
	if n, err := ix.Embed(context.Background(), e); err != nil || n != 3 {
		t.Fatalf("embed: %d %v", n, err)
	}
	// no word in common with any passage: BM25 finds nothing, vectors do
	if len(ix.Search("warmth of the ocean", 3)) != 0 {
		t.Fatal("lexical search matched")
	}
	hits, err := ix.SearchHybrid(context.Background(), e, "warmth", 3)
	if err != nil || len(hits) == 0 || hits[0].Section != "Temperature" || !hits[0].Cite().Valid() {
		t.Fatalf("hybrid hits = %+v, %v", hits, err)
	}
	// vectors survive save and load
	p := filepath.Join(t.TempDir(), "docs.json")
	if err := ix.Save(p); err != nil {
		t.Fatal(err)
	}
	back, err := Load(p)
	if err != nil || back.EmbedModel() != "fake:topics" {
		t.Fatalf("load: %v, model %q", err, back.EmbedModel())
	}
	if n, _ := back.Embed(context.Background(), e); n != 0 {
		t.Errorf("re-embedded %d passages after load", n)
	}
	// a failing embedder falls back to BM25 and says so
	hits, err = back.SearchHybrid(context.Background(), &topicEmbedder{fail: true}, "salinity", 3)
	if err == nil || len(hits) != 1 || hits[0].Section != "Salinity" {
		t.Errorf("fallback: %+v, %v", hits, err)
	}
}

// A document past MaxDocBytes is refused by name, not read whole.
func TestAddDirRefusesHugeFiles(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "huge.md")
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	f.Truncate(4 * MaxDocBytes) // sparse
	f.Close()
	_, _, err = NewIndex(nil).AddDir(dir)
	if err == nil || !strings.Contains(err.Error(), p) || !strings.Contains(err.Error(), "16 MiB") {
		t.Fatalf("got %v", err)
	}
}

// TestAddDirReadsOnlyBoundedFiles: files Split does not read are not
// opened (a device among them is harmless); a document name given to a
// device that never ends is an error naming it.
func TestAddDirReadsOnlyBoundedFiles(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "a.md"), []byte("# Title\n\nSome text about floats.\n"), 0o644)
	if err := os.Symlink("/dev/zero", filepath.Join(dir, "skip.bin")); err != nil {
		t.Fatal(err)
	}
	ix := NewIndex(nil)
	if files, _, err := ix.AddDir(dir); err != nil || files != 1 {
		t.Errorf("a document and an unread device: %d files, %v", files, err)
	}
	if err := os.Symlink("/dev/zero", filepath.Join(dir, "zero.md")); err != nil {
		t.Fatal(err)
	}
	if _, _, err := ix.AddDir(dir); err == nil || !strings.Contains(err.Error(), "zero.md is larger than 16 MiB") {
		t.Errorf("device named .md: %v", err)
	}
}
