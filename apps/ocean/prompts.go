package ocean

import (
	"embed"
	"slices"
	"strings"

	"github.com/cairn-agents/cairn/llm"
	"github.com/cairn-agents/cairn/ocean/argo"
	"github.com/cairn-agents/cairn/ocean/docs"
)

//go:embed prompts/*.tmpl
var promptFiles embed.FS

var prompts = llm.MustParseTemplates(promptFiles, "prompts/*.tmpl")

// systemPrompts are the prompts that are the same for every question;
// New renders them once.
type systemPrompts struct {
	dispatch, sql, synthesis, plan string
}

func renderSystemPrompts() (systemPrompts, error) {
	var p systemPrompts
	var err error
	if p.dispatch, err = prompts.Render("dispatch", struct{ Regions []string }{regionNames()}); err != nil {
		return p, err
	}
	if p.sql, err = prompts.Render("sql", sqlPromptInput()); err != nil {
		return p, err
	}
	if p.plan, err = prompts.Render("plan", struct{ Regions []string }{regionNames()}); err != nil {
		return p, err
	}
	p.synthesis, err = prompts.Render("synthesis", nil)
	return p, err
}

// sqlPromptInput lists argo_profiles' BGC columns from argo.BGCParams, so
// a parameter added there is described to the model too.
func sqlPromptInput() (in struct{ BGCColumns, BGCParams []string }) {
	for _, p := range argo.BGCParams {
		n := strings.ToLower(p)
		unit := ""
		if i := slices.IndexFunc(bgcParams, func(b bgcParam) bool { return b.col == n }); i >= 0 && bgcParams[i].unit != "" {
			unit = " " + bgcParams[i].unit
		}
		in.BGCColumns = append(in.BGCColumns, n+" REAL"+unit, n+"_qc", n+"_adjusted REAL", n+"_adjusted_qc")
		in.BGCParams = append(in.BGCParams, n)
	}
	return in
}

// passage is a retrieved passage as the synthesis prompt shows it.
type passage struct {
	N                      int // 1-based, as the answer cites it
	File, Section, Excerpt string
}

// synthesisUser is the synthesis request: the question, every agent's
// findings and failures except retrieval's, and the retrieved passages.
// It is also the evidence a model's numbers are checked against.
func synthesisUser(s state, hits []docs.Hit) (string, error) {
	in := struct {
		Query    string
		Reports  []*AgentReport
		Passages []passage
	}{Query: s.Query}
	for _, r := range s.reports() {
		if r.Agent != agentRAG {
			in.Reports = append(in.Reports, r)
		}
	}
	for i, h := range hits {
		in.Passages = append(in.Passages, passage{N: i + 1, File: h.File, Section: h.Section, Excerpt: excerpt(h.Text, 800)})
	}
	return prompts.Render("synthesis_user", in)
}
