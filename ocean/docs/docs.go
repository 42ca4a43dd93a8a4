// Package docs is the ocean document index: it splits reStructuredText,
// Markdown, text and Argo reference-table JSON files into passages (file +
// section + text), ranks them for a query with BM25, and hands out
// Citations, which can only be made from a retrieved passage. Optionally
// it stores one vector per passage from an embedding model (Embedder;
// ModelEmbedder wraps an llm.Embedder such as Ollama's) and fuses vector
// similarity with BM25 (SearchHybrid).
package docs

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"unicode"

	"github.com/cairn-agents/cairn/internal/input"
)

// Passage is one retrievable piece of a document.
type Passage struct {
	File    string `json:"file"`    // path relative to the directory it was added from
	Section string `json:"section"` // heading path, or table and code for reference tables
	Text    string `json:"text"`
	// Vector is the passage's embedding, unit length, when the index has
	// been embedded (see Index.Embed).
	Vector []float32 `json:"vector,omitempty"`
}

// Citation is a retrieved passage, cited. Its fields are unexported so that
// outside this package a Citation can only come from Index.Search: a
// citation that was not retrieved cannot be made. The zero Citation is
// invalid and refuses to marshal.
type Citation struct {
	file, section, quote string
	score                float64
}

// File is the cited document, relative to the directory it was added from.
func (c Citation) File() string { return c.file }

// Section is the cited section of the document.
func (c Citation) Section() string { return c.section }

// Quote is the cited passage text.
func (c Citation) Quote() string { return c.quote }

// Score is the passage's BM25 score for the query that retrieved it.
func (c Citation) Score() float64 { return c.score }

// Valid reports whether c came from a retrieval.
func (c Citation) Valid() bool { return c.file != "" }

// ErrInvalidCitation is returned when marshalling a zero Citation.
var ErrInvalidCitation = errors.New("citation was not retrieved")

// MarshalJSON writes {file, section, quote, score}.
func (c Citation) MarshalJSON() ([]byte, error) {
	if !c.Valid() {
		return nil, ErrInvalidCitation
	}
	return json.Marshal(struct {
		File    string  `json:"file"`
		Section string  `json:"section"`
		Quote   string  `json:"quote"`
		Score   float64 `json:"score"`
	}{c.file, c.section, c.quote, math.Round(c.score*1000) / 1000})
}

// Hit is a passage retrieved for a query.
type Hit struct {
	Passage
	Score    float64
	citation Citation
}

// Cite returns the citation of the retrieved passage.
func (h Hit) Cite() Citation { return h.citation }

// Recall returns the indexed passage with p's file, section and text as
// a Hit scored score, as the search that ranked it so returned it: how a
// retrieval made in another process over the same index (a worker of a
// durable engine) is cited here. ok is false when the index holds no such
// passage, so a citation is still only ever of an indexed passage.
func (ix *Index) Recall(p Passage, score float64) (h Hit, ok bool) {
	ix.mu.RLock()
	defer ix.mu.RUnlock()
	for _, q := range ix.passages {
		if q.File == p.File && q.Section == p.Section && q.Text == p.Text {
			return Hit{Passage: q, Score: score, citation: Citation{file: q.File, section: q.Section, quote: q.Text, score: score}}, true
		}
	}
	return Hit{}, false
}

// Index is a BM25 index over passages. It is safe for concurrent use.
type Index struct {
	mu         sync.RWMutex
	embedModel string
	passages   []Passage
	terms      [][]string // tokens per passage
	df         map[string]int
	postings   map[string][]posting
	avgLen     float64
}

type posting struct {
	doc, tf int
}

// BM25 parameters.
const (
	k1 = 1.2
	b  = 0.75
)

// NewIndex returns an index over passages.
func NewIndex(passages []Passage) *Index {
	ix := &Index{}
	ix.build(passages)
	return ix
}

func (ix *Index) build(passages []Passage) {
	ix.passages = passages
	ix.terms = make([][]string, len(passages))
	ix.df = map[string]int{}
	ix.postings = map[string][]posting{}
	total := 0
	for i, p := range passages {
		toks := Tokenize(p.Section + " " + p.Text)
		ix.terms[i] = toks
		total += len(toks)
		tf := map[string]int{}
		for _, t := range toks {
			tf[t]++
		}
		keys := make([]string, 0, len(tf))
		for t := range tf {
			keys = append(keys, t)
		}
		sort.Strings(keys)
		for _, t := range keys {
			ix.df[t]++
			ix.postings[t] = append(ix.postings[t], posting{i, tf[t]})
		}
	}
	if len(passages) > 0 {
		ix.avgLen = float64(total) / float64(len(passages))
	}
}

// Len is the number of passages.
func (ix *Index) Len() int {
	ix.mu.RLock()
	defer ix.mu.RUnlock()
	return len(ix.passages)
}

// Files lists the distinct files indexed.
func (ix *Index) Files() []string {
	ix.mu.RLock()
	defer ix.mu.RUnlock()
	seen := map[string]bool{}
	var out []string
	for _, p := range ix.passages {
		if !seen[p.File] {
			seen[p.File] = true
			out = append(out, p.File)
		}
	}
	slices.Sort(out)
	return out
}

// Search returns up to k passages ranked by BM25 for query; passages that
// share no term with the query are never returned.
func (ix *Index) Search(query string, k int) []Hit {
	ix.mu.RLock()
	defer ix.mu.RUnlock()
	n := float64(len(ix.passages))
	scores := map[int]float64{}
	seen := map[string]bool{}
	for _, t := range Tokenize(query) {
		if seen[t] {
			continue
		}
		seen[t] = true
		df := float64(ix.df[t])
		if df == 0 {
			continue
		}
		idf := math.Log(1 + (n-df+0.5)/(df+0.5))
		for _, p := range ix.postings[t] {
			dl := float64(len(ix.terms[p.doc]))
			tf := float64(p.tf)
			scores[p.doc] += idf * tf * (k1 + 1) / (tf + k1*(1-b+b*dl/ix.avgLen))
		}
	}
	hits := make([]Hit, 0, len(scores))
	for d, s := range scores {
		p := ix.passages[d]
		hits = append(hits, Hit{Passage: p, Score: s, citation: Citation{file: p.File, section: p.Section, quote: p.Text, score: s}})
	}
	sort.Slice(hits, func(i, j int) bool {
		if hits[i].Score != hits[j].Score {
			return hits[i].Score > hits[j].Score
		}
		if hits[i].File != hits[j].File {
			return hits[i].File < hits[j].File
		}
		return hits[i].Section < hits[j].Section
	})
	if k > 0 && len(hits) > k {
		hits = hits[:k]
	}
	return hits
}

var stopwords = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`a an and are as at be by can do does for from has have how i in is it its me of on or
		that the their there this to was what when where which who why will with you your my our we us than then these those
		about into over also if not no so such any all some just did been being were they them he she his her tell show give`) {
		stopwords[w] = true
	}
}

// Tokenize lower-cases text, splits it on anything that is not a letter or
// digit, drops stop words and strips a plural "s".
func Tokenize(text string) []string {
	var out []string
	for _, f := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_'
	}) {
		f = strings.Trim(f, "_")
		if f == "" || stopwords[f] {
			continue
		}
		if len(f) > 3 && strings.HasSuffix(f, "s") && !strings.HasSuffix(f, "ss") {
			f = f[:len(f)-1]
		}
		out = append(out, f)
	}
	return out
}

// Size limits: a document added, and a saved index (passages and their
// vectors) loaded.
const (
	MaxDocBytes   = 16 << 20
	MaxIndexBytes = 1 << 30
)

// savedIndex is the file format of Save.
type savedIndex struct {
	EmbedModel string    `json:"embedModel,omitempty"`
	Passages   []Passage `json:"passages"`
}

// Load reads an index saved by Save; a missing file gives an empty index.
func Load(path string) (*Index, error) {
	data, err := input.ReadFile(path, MaxIndexBytes)
	if errors.Is(err, os.ErrNotExist) {
		return NewIndex(nil), nil
	}
	if err != nil {
		return nil, err
	}
	var si savedIndex
	if err := json.Unmarshal(data, &si); err != nil {
		// the first format was a bare array of passages
		if err2 := json.Unmarshal(data, &si.Passages); err2 != nil {
			return nil, fmt.Errorf("document index %s: %w", path, err)
		}
	}
	ix := NewIndex(si.Passages)
	ix.embedModel = si.EmbedModel
	return ix, nil
}

// Save writes the index, with its vectors, to path atomically.
func (ix *Index) Save(path string) error {
	ix.mu.RLock()
	data, err := json.Marshal(savedIndex{EmbedModel: ix.embedModel, Passages: ix.passages})
	ix.mu.RUnlock()
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// AddDir splits every supported file under dir into passages and adds them,
// replacing passages previously added for the same files. It returns how
// many files and passages were added.
func (ix *Index) AddDir(dir string) (files, passages int, err error) {
	var add []Passage
	replaced := map[string]bool{}
	err = filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return nil
		}
		rel, _ := filepath.Rel(dir, path)
		rel = filepath.ToSlash(rel)
		if !splits(rel) {
			return nil // not a kind of file Split reads: not opened
		}
		data, err := input.ReadFile(path, MaxDocBytes)
		if err != nil {
			return err
		}
		ps, err := Split(rel, data)
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		if ps == nil {
			return nil
		}
		files++
		replaced[rel] = true
		add = append(add, ps...)
		return nil
	})
	if err != nil {
		return 0, 0, err
	}
	ix.mu.Lock()
	defer ix.mu.Unlock()
	var keep []Passage
	for _, p := range ix.passages {
		if !replaced[p.File] {
			keep = append(keep, p)
		}
	}
	ix.build(append(keep, add...))
	return files, len(add), nil
}
