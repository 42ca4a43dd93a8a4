package ocean

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/cairn-agents/cairn/llm"
	"github.com/cairn-agents/cairn/ocean/docs"
)

// retrievedPassage is a passage retrieval returned, as the state carries
// it from the rag agent to synthesis and to the answer's citations. The
// state crosses processes as JSON on a durable engine, and a
// docs.Citation cannot be rebuilt from JSON: Ask cites a passage only when
// its own index holds it (docs.Index.Recall).
type retrievedPassage struct {
	File    string  `json:"file"`
	Section string  `json:"section"`
	Text    string  `json:"text"`
	Score   float64 `json:"score"`
}

func toRetrieved(hits []docs.Hit) []retrievedPassage {
	out := make([]retrievedPassage, len(hits))
	for i, h := range hits {
		out[i] = retrievedPassage{File: h.File, Section: h.Section, Text: h.Text, Score: h.Score}
	}
	return out
}

// hits are the passages as hits for synthesis, which quotes but does not
// cite them.
func (s state) hits() []docs.Hit {
	if len(s.Retrieved) == 0 {
		return nil
	}
	out := make([]docs.Hit, len(s.Retrieved))
	for i, r := range s.Retrieved {
		out[i] = docs.Hit{Passage: docs.Passage{File: r.File, Section: r.Section, Text: r.Text}, Score: r.Score}
	}
	return out
}

// recall turns the passages in the state into hits of this App's index,
// which can be cited; one it does not hold stays uncitable.
func (a *App) recall(ps []retrievedPassage) []docs.Hit {
	out := make([]docs.Hit, len(ps))
	for i, p := range ps {
		if a.docs != nil {
			if h, ok := a.docs.Recall(docs.Passage{File: p.File, Section: p.Section, Text: p.Text}, p.Score); ok {
				out[i] = h
				continue
			}
		}
		a.opts.Logger.Warn("ocean: a retrieved passage is not in this index; it is not cited", "file", p.File, "section", p.Section)
	}
	return out
}

// ragAgent retrieves passages for the question with BM25.
func (a *App) ragAgent(ctx context.Context, s state) *AgentReport {
	rep := &AgentReport{Agent: agentRAG, OK: true, Source: string(llm.FromPolicy)}
	if a.docs == nil || a.docs.Len() == 0 {
		rep.Findings = append(rep.Findings, "No documents are indexed; add some with `cairn ocean docs add DIR`.")
		return rep
	}
	cands, err := a.docs.SearchHybrid(ctx, a.opts.Embedder, s.Query, 4*a.opts.Passages)
	if err != nil {
		rep.Findings = append(rep.Findings, fmt.Sprintf("Vector search failed (%v); BM25 alone ranked the passages.", err))
	} else if e := a.opts.Embedder; e != nil && a.docs.EmbedModel() == e.Name() {
		rep.Source = "bm25+" + e.Name()
	}
	hits := rerankCodes(s.Query, cands, a.opts.Passages)
	rep.hits = hits
	if len(hits) == 0 {
		rep.Findings = append(rep.Findings, "No indexed passage matches the question's words.")
		return rep
	}
	for i, h := range hits {
		rep.Findings = append(rep.Findings, fmt.Sprintf("[%d] %s, %s: %s", i+1, h.File, h.Section, excerpt(h.Text, 400)))
	}
	return rep
}

var reCode = regexp.MustCompile(`(?i)\b(?:flag|code|mode|table)\s+['"]?([0-9A-Z])\b`)

// rerankCodes moves reference-table entries whose code the question names
// ("QC flag 4", "data mode D") ahead of passages that merely mention it,
// then keeps k.
func rerankCodes(query string, hits []docs.Hit, k int) []docs.Hit {
	codes := map[string]bool{}
	for _, m := range reCode.FindAllStringSubmatch(query, -1) {
		codes[strings.ToUpper(m[1])] = true
	}
	if len(codes) > 0 {
		q := strings.ToLower(query)
		wantQC := strings.Contains(q, "qc") || strings.Contains(q, "quality")
		rankOf := func(h docs.Hit) int {
			i := strings.LastIndex(h.Section, " code ")
			if i < 0 || !codes[strings.ToUpper(h.Section[i+len(" code "):])] {
				return 2
			}
			if wantQC && !strings.Contains(strings.ToLower(h.Text), "quality control") {
				return 1 // the right code in a table that is not about QC
			}
			return 0
		}
		slices.SortStableFunc(hits, func(x, y docs.Hit) int { return rankOf(x) - rankOf(y) })
	}
	if len(hits) > k {
		hits = hits[:k]
	}
	return hits
}

// excerpt shortens text to about n bytes at a word boundary.
func excerpt(text string, n int) string {
	t := strings.Join(strings.Fields(text), " ")
	if len(t) <= n {
		return t
	}
	cut := strings.LastIndex(t[:n], " ")
	if cut < n/2 {
		cut = n
	}
	return t[:cut] + " …"
}

// generalAgent says what the system is and what it holds.
func (a *App) generalAgent(ctx context.Context, s state) *AgentReport {
	rep := &AgentReport{Agent: agentGeneral, OK: true, Source: string(llm.FromPolicy)}
	rep.Findings = append(rep.Findings,
		"I answer questions about Argo profiling floats: where a float is and its status (SQL over float metadata), "+
			"its measured temperature and salinity profiles and their trends (DuckDB over Parquet), "+
			"and what Argo terms mean (search over indexed documents, with citations). "+
			`Try "Where is float 2902269 and how has its surface temperature changed?", `+
			`"Which floats in the Arabian Sea reported in the last year?" or "What does QC flag 4 mean?".`)
	if a.meta != nil {
		opts := a.queryOpts()
		opts.Templated = true // the code's statement, checked as the plans' are
		if res, err := a.meta.Query(ctx, opts, `SELECT count(*) AS floats, max(last_time) AS latest FROM argo_float_status`); err == nil && len(res.Rows) == 1 {
			rep.Findings = append(rep.Findings, fmt.Sprintf("The store holds status for %v float(s); the latest report is %s.", res.Rows[0][0], fmtTime(res.Rows[0][1])))
		}
	}
	if a.docs != nil {
		rep.Findings = append(rep.Findings, fmt.Sprintf("%d document passages from %d files are indexed.", a.docs.Len(), len(a.docs.Files())))
	}
	return rep
}
