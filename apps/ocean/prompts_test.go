package ocean

import (
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/ocean/docs"
)

func TestPromptsRender(t *testing.T) {
	p, err := renderSystemPrompts()
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range agentNames {
		if !strings.Contains(p.dispatch, "\n- "+a+": ") {
			t.Errorf("router prompt does not describe agent %s:\n%s", a, p.dispatch)
		}
	}
	if !strings.HasSuffix(p.dispatch, "Known regions: "+strings.Join(regionNames(), ", ")+".") {
		t.Errorf("router prompt does not end with the known regions:\n%s", p.dispatch)
	}
	for _, want := range []string{"argo_float_metadata(", "argo_profiles(", "doxy_adjusted_qc", "(doxy, "} {
		if !strings.Contains(p.sql, want) {
			t.Errorf("SQL prompt lacks %q:\n%s", want, p.sql)
		}
	}
	if !strings.Contains(p.synthesis, "ONLY the findings") || strings.HasSuffix(p.synthesis, "\n") {
		t.Errorf("synthesis prompt:\n%q", p.synthesis)
	}

	s := state{
		Query:  "Where is float 6902746?",
		SQL:    &AgentReport{Agent: agentSQL, Findings: []string{"Float 6902746 last reported at 12.5N."}},
		DuckDB: &AgentReport{Agent: agentDuckDB, Error: "no profile store is configured"},
		RAG:    &AgentReport{Agent: agentRAG, Findings: []string{"a passage the prompt lists below instead"}},
	}
	hits := []docs.Hit{{Passage: docs.Passage{File: "qc.md", Section: "Flags", Text: "Flag 4:\n  bad   data."}}}
	user, err := synthesisUser(s, hits)
	if err != nil {
		t.Fatal(err)
	}
	want := "Question: Where is float 6902746?\n\nFindings:\n" +
		"- (sql) Float 6902746 last reported at 12.5N.\n" +
		"- (duckdb) FAILED: no profile store is configured\n" +
		"\nRetrieved passages:\n" +
		"[1] qc.md — Flags: Flag 4: bad data.\n"
	if user != want {
		t.Errorf("synthesis request:\n%s\nwant:\n%s", user, want)
	}
	if user, _ := synthesisUser(state{Query: "hi"}, nil); user != "Question: hi\n\nFindings:\n" {
		t.Errorf("synthesis request with no findings: %q", user)
	}
}
