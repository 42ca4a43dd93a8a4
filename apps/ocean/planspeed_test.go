package ocean

import (
	"encoding/json"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/cairn-agents/cairn/geo/geotest"
)

// updatePlans rewrites testdata/plans.golden.json from the plans read today.
var updatePlans = flag.Bool("update", false, "rewrite testdata/plans.golden.json")

const plansGolden = "testdata/plans.golden.json"

// planVariants are mechanical rewritings of a question: the plan reader
// must read each exactly as it did when the golden file was written.
var planVariants = []struct {
	name string
	f    func(string) string
}{
	{"as written", func(q string) string { return q }},
	{"lower", strings.ToLower},
	{"upper", strings.ToUpper},
	{"no punctuation", func(q string) string {
		return strings.Map(func(r rune) rune {
			if unicode.IsPunct(r) {
				return -1
			}
			return r
		}, q)
	}},
	{"extra spaces", func(q string) string { return "  " + strings.Join(strings.Fields(q), "   ") + "  " }},
	{"please", func(q string) string { return "please " + q }},
	{"thanks", func(q string) string { return q + " thanks" }},
	{"pairs reversed", func(q string) string {
		w := strings.Fields(q)
		for i := 0; i+1 < len(w); i += 2 {
			w[i], w[i+1] = w[i+1], w[i]
		}
		return strings.Join(w, " ")
	}},
	{"first word dropped", func(q string) string {
		if _, rest, ok := strings.Cut(q, " "); ok {
			return rest
		}
		return q
	}},
	{"could you tell me", func(q string) string { return "Could you tell me: " + strings.TrimRight(q, "?.! ") + "?" }},
}

// goldenInput is one input of the golden plans: a corpus question or a
// variant of it, with where it came from.
type goldenInput struct {
	q       string
	id      string // the corpus question's
	variant string
	held    bool // of a held-out question: its text and plans are never shown
}

// String names the input in a test's output: a held-out one by its
// question's id and variant only.
func (g goldenInput) String() string {
	if g.held {
		return fmt.Sprintf("held-out %s (%s; text not shown)", g.id, g.variant)
	}
	return fmt.Sprintf("%s (%s) %q", g.id, g.variant, g.q)
}

// goldenPlanInputs are the corpus questions and their variants, each once.
func goldenPlanInputs(t testing.TB) []goldenInput {
	seen := map[string]bool{}
	var out []goldenInput
	for _, c := range loadCorpus(t) {
		for _, v := range planVariants {
			q := v.f(c.Q)
			if !seen[q] {
				seen[q] = true
				out = append(out, goldenInput{q: q, id: c.ID, variant: v.name, held: c.heldOut()})
			}
		}
	}
	return out
}

// TestPlansGolden checks that every corpus question and its variants are
// read into the same plan as when testdata/plans.golden.json was written
// (go test ./apps/ocean -run TestPlansGolden -update rewrites it).
func TestPlansGolden(t *testing.T) {
	gaz := geotest.Gazetteer(t)
	type entry struct {
		Q    string          `json:"q"`
		Plan json.RawMessage `json:"plan"`
	}
	var got []entry
	inputs := goldenPlanInputs(t)
	for _, in := range inputs {
		b, err := json.Marshal(readPlan(in.q, testNow(), gaz))
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, entry{in.q, b})
	}
	if *updatePlans {
		b := []byte("[\n") // one input and its plan a line
		for i, e := range got {
			line, err := json.Marshal(e)
			if err != nil {
				t.Fatal(err)
			}
			if i > 0 {
				b = append(b, ",\n"...)
			}
			b = append(b, line...)
		}
		b = append(b, "\n]\n"...)
		if err := os.WriteFile(plansGolden, b, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %d plans to %s", len(got), plansGolden)
		return
	}
	b, err := os.ReadFile(plansGolden)
	if err != nil {
		t.Fatal(err)
	}
	var want []entry
	if err := json.Unmarshal(b, &want); err != nil {
		t.Fatal(err)
	}
	if len(want) != len(got) {
		t.Fatalf("%d inputs, the golden file has %d", len(got), len(want))
	}
	bad, heldBad := 0, 0
	for i := range got {
		if got[i].Q != want[i].Q {
			if inputs[i].held {
				t.Fatalf("input %d, %v, is not the golden file's input %d", i, inputs[i], i)
			}
			t.Fatalf("input %d is %q, the golden file's is %q", i, got[i].Q, want[i].Q)
		}
		if g, w := compactJSON(t, got[i].Plan), compactJSON(t, want[i].Plan); g != w {
			bad++
			switch {
			case inputs[i].held:
				heldBad++ // counted, never shown: nobody tunes on it
			case bad-heldBad <= 20:
				t.Errorf("%v:\n got %s\nwant %s", inputs[i], g, w)
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d plans differ from the golden file (%d of them of held-out questions, not shown)", bad, len(got), heldBad)
	}
}

func compactJSON(t testing.TB, b []byte) string {
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	c, _ := json.Marshal(v)
	return string(c)
}

// BenchmarkPlanRules reads the corpus questions in turn (one per op).
func BenchmarkPlanRules(b *testing.B) {
	gaz := geotest.Gazetteer(b)
	var qs []string
	for _, c := range loadCorpus(b) {
		qs = append(qs, c.Q)
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		readPlan(qs[i%len(qs)], testNow(), gaz)
		i++
	}
}

// TestGuardedWords checks, for the regexps written as one literal in
// mustGuarded calls and a few written here, that the words a guard looks
// for are in every text the regexp matches among the corpus questions
// (as written and lower-cased) and a few with letters that fold to ASCII.
func TestGuardedWords(t *testing.T) {
	exprs := []string{`(?i)\bks\b`, `(?i)sea\b`, `(?i)[a-c]at`, `\bS[eE]a\b`, `(?i)x+yz|q{2,}`, `(?:a|b)?cd`}
	files, _ := filepath.Glob("plan*.go")
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(token.NewFileSet(), f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(file, func(n ast.Node) bool {
			if c, ok := n.(*ast.CallExpr); ok && len(c.Args) == 1 {
				if id, ok := c.Fun.(*ast.Ident); ok && id.Name == "mustGuarded" {
					if lit, ok := c.Args[0].(*ast.BasicLit); ok {
						e, _ := strconv.Unquote(lit.Value)
						exprs = append(exprs, e)
					}
				}
			}
			return true
		})
	}
	if len(exprs) < 100 {
		t.Fatalf("only %d regexps found", len(exprs))
	}
	texts := []string{"KS", "\u017fea \u212as", "BAT", "SEA Sea", "XXYZ qqq", "cd"}
	for _, c := range loadCorpus(t) {
		texts = append(texts, c.Q, strings.ToLower(c.Q))
	}
	for _, e := range exprs {
		g, re := mustGuarded(e), regexp.MustCompile(e)
		for _, s := range texts {
			if re.MatchString(s) && !g.mayMatch(s) {
				t.Errorf("%s matches %q, which holds none of %q", e, s, g.keys)
			}
		}
	}
	t.Logf("%d regexps, %d texts", len(exprs), len(texts))
}
