package ocean

import (
	"context"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/cairn-agents/cairn/llm"
	"github.com/cairn-agents/cairn/ocean/docs"
)

// synthesis is the final answer: text plus the numbers of the retrieved
// passages it cites.
type synthesis struct {
	Answer string `json:"answer"`
	// Cited are 1-based numbers of the retrieved passages the answer uses.
	Cited     []int  `json:"cited"`
	Reasoning string `json:"reasoning,omitempty"`
}

// Validate requires an answer.
func (s synthesis) Validate() error {
	if strings.TrimSpace(s.Answer) == "" {
		return fmt.Errorf("answer: empty")
	}
	return nil
}

// Reason returns the reasoning.
func (s synthesis) Reason() string { return s.Reasoning }

// synthesize turns the agents' reports into the answer; a model writes it
// when configured, else the template policy states the findings.
func (a *App) synthesize(ctx context.Context, s state, hits []docs.Hit) (llm.Decision[synthesis], error) {
	user, err := synthesisUser(s, hits)
	if err != nil {
		return llm.Decision[synthesis]{}, err
	}
	p := llm.Prompt{Name: "Synthesis", System: a.prompts.synthesis, User: user, MaxRepairs: 2}
	policy := func(context.Context) (synthesis, error) { return templateAnswer(s, hits), nil }
	d, err := llm.Decide(ctx, a.models.For("synthesis"), p, policy)
	if err != nil || d.Source != llm.FromModel {
		return d, err
	}
	// A model's answer may only state numbers found in the evidence.
	if bad := unsupportedNumbers(d.Value.Answer, user); len(bad) > 0 {
		v, _ := policy(ctx)
		d.Value, d.Source, d.Reasoning = v, llm.FromPolicy, v.Reasoning
		d.Fallback = "model answer stated numbers not in the findings: " + strings.Join(bad, ", ")
	}
	return d, nil
}

var reNumber = regexp.MustCompile(`\d+(?:\.\d+)?`)

// unsupportedNumbers returns the numbers in answer that are not in
// evidence, allowing an evidence number rounded to fewer decimals.
func unsupportedNumbers(answer, evidence string) []string {
	var have []float64
	for _, m := range reNumber.FindAllString(evidence, -1) {
		if f, err := strconv.ParseFloat(m, 64); err == nil {
			have = append(have, f)
		}
	}
	var bad []string
	for _, m := range reNumber.FindAllString(answer, -1) {
		f, err := strconv.ParseFloat(m, 64)
		if err != nil {
			continue
		}
		decimals := 0
		if i := strings.IndexByte(m, '.'); i >= 0 {
			decimals = len(m) - i - 1
		}
		tol := 0.5*math.Pow(10, -float64(decimals)) + 1e-9
		ok := false
		for _, h := range have {
			if math.Abs(h-f) <= tol {
				ok = true
				break
			}
		}
		if !ok {
			bad = append(bad, m)
		}
	}
	return bad
}

// templateAnswer is the synthesis policy: the agents' findings in order,
// failures named, and the best passages quoted with their numbers.
func templateAnswer(s state, hits []docs.Hit) synthesis {
	var parts []string
	var cited []int
	for _, r := range s.reports() {
		switch {
		case r.Agent == agentRAG && len(hits) > 0:
			n := min(len(hits), 3)
			var q []string
			for i := range n {
				q = append(q, fmt.Sprintf("[%d] %s", i+1, excerpt(hits[i].Text, 300)))
				cited = append(cited, i+1)
			}
			parts = append(parts, "From the documents: "+strings.Join(q, " "))
		default:
			parts = append(parts, r.Findings...)
		}
		if r.Error != "" {
			parts = append(parts, fmt.Sprintf("The %s agent failed: %s.", r.Agent, r.Error))
		}
	}
	if len(parts) == 0 {
		parts = append(parts, "No agent produced an answer.")
	}
	return synthesis{Answer: strings.Join(parts, "\n"), Cited: cited, Reasoning: "template: agents' findings stated in routing order"}
}

// citations maps cited passage numbers to citations of retrieved passages;
// numbers that name no retrieved passage, or one that cannot be cited
// (not in this index), are dropped.
func citations(cited []int, hits []docs.Hit) []docs.Citation {
	out := []docs.Citation{}
	seen := map[int]bool{}
	for _, n := range cited {
		if n < 1 || n > len(hits) || seen[n] || !hits[n-1].Cite().Valid() {
			continue
		}
		seen[n] = true
		out = append(out, hits[n-1].Cite())
	}
	return out
}
