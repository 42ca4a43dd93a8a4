package ocean

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cairn-agents/cairn/llm"
	"github.com/cairn-agents/cairn/ocean/sqlguard"
	"github.com/cairn-agents/cairn/ocean/store"
)

func TestRouteRules(t *testing.T) {
	cases := []struct {
		q      string
		agents []string
		floats []string
		region string
		since  int
		near   *Near
	}{
		{"Where is float 2902269 and how has its surface temperature changed?", []string{"sql", "duckdb"}, []string{"2902269"}, "", 0, nil},
		{"Which floats in the Arabian Sea reported in the last year?", []string{"sql"}, nil, "Arabian Sea", 365, nil},
		{"What does QC flag 4 mean?", []string{"rag"}, nil, "", 0, nil},
		{"hello", []string{"general"}, nil, "", 0, nil},
		{"Which floats are within 300 km of 16.5N, 63E?", []string{"sql"}, nil, "", 0, &Near{Lat: 16.5, Lon: 63, RadiusKm: 300}},
		{"floats within 100 km of 35.2S, 20.5W in the past 3 months", []string{"sql"}, nil, "", 90, &Near{Lat: -35.2, Lon: -20.5, RadiusKm: 100}},
		{"average surface temperature in the South China Sea", []string{"sql", "duckdb"}, nil, "South China Sea", 0, nil},
		{"Compare floats 13857 and 5900446 salinity", []string{"sql", "duckdb"}, []string{"13857", "5900446"}, "", 0, nil},
		{"What is the data mode of float 2902269?", []string{"sql", "rag"}, []string{"2902269"}, "", 0, nil},
		{"blorp zzz", []string{"rag", "general"}, nil, "", 0, nil},
	}
	for _, c := range cases {
		d := dispatchRules(c.q)
		if err := d.Validate(); err != nil {
			t.Errorf("%q: invalid decision %+v: %v", c.q, d, err)
		}
		if strings.Join(d.Agents, ",") != strings.Join(c.agents, ",") {
			t.Errorf("%q: agents %v, want %v (%s)", c.q, d.Agents, c.agents, d.Reasoning)
		}
		if strings.Join(d.FloatIDs, ",") != strings.Join(c.floats, ",") {
			t.Errorf("%q: floats %v, want %v", c.q, d.FloatIDs, c.floats)
		}
		if d.Region != c.region || d.SinceDays != c.since {
			t.Errorf("%q: region %q since %d, want %q %d", c.q, d.Region, d.SinceDays, c.region, c.since)
		}
		if (d.Near == nil) != (c.near == nil) || (d.Near != nil && *d.Near != *c.near) {
			t.Errorf("%q: near %+v, want %+v", c.q, d.Near, c.near)
		}
	}
}

func TestRoutingDecisionValidate(t *testing.T) {
	for _, d := range []DispatchDecision{
		{},
		{Agents: []string{"sql", "web"}},
		{Agents: []string{"sql"}, FloatIDs: []string{"12"}},
		{Agents: []string{"sql"}, Region: "Atlantis"},
		{Agents: []string{"sql"}, Near: &Near{Lat: 95, Lon: 0, RadiusKm: 10}},
		{Agents: []string{"sql"}, SinceDays: -1},
	} {
		if d.Validate() == nil {
			t.Errorf("%+v passed validation", d)
		}
	}
}

func TestRegionContains(t *testing.T) {
	r, _ := regionByName("Arabian Sea")
	if !r.contains(63, 16) || r.contains(80, 16) || r.contains(63, -20) {
		t.Errorf("Arabian Sea outline test wrong")
	}
}

func ask(t *testing.T, a *App, q string) Response {
	t.Helper()
	r, err := a.Ask(context.Background(), q)
	if err != nil {
		t.Fatalf("%q: %v", q, err)
	}
	for _, ag := range r.Agents {
		if !ag.OK {
			t.Errorf("%q: agent %s failed: %s", q, ag.Agent, ag.Error)
		}
	}
	return r
}

func TestAskFloatPositionAndTrend(t *testing.T) {
	a := newApp(t, Options{})
	s, _ := fixture(t)
	want, err := s.Query(context.Background(), store.QueryOptions{}, "SELECT last_lat, last_lon, cycle_count FROM argo_float_status WHERE wmo = '2902269'")
	if err != nil {
		t.Fatal(err)
	}
	r := ask(t, a, "Where is float 2902269 and how has its surface temperature changed?")
	if !r.Dispatch.Has(agentSQL) || !r.Dispatch.Has(agentDuckDB) || r.Dispatch.Source != "policy" {
		t.Errorf("routing = %+v", r.Dispatch)
	}
	pos := fmtLatLon(want.Rows[0][0], want.Rows[0][1])
	// where it is (the sql agent) and the trend the plan asks for (the query agent)
	for _, frag := range []string{"2902269", "ARVOR", pos, "aggregate trend", "The temperature for float 2902269 at the surface (≤10 dbar) changed at", "per year"} {
		if !strings.Contains(r.Response, frag) {
			t.Errorf("answer lacks %q:\n%s", frag, r.Response)
		}
	}
	if len(r.Citations) != 0 {
		t.Errorf("citations without retrieval: %v", r.Citations)
	}
	m := r.AgentMetrics
	if m.SQLAgentTimeMs <= 0 || m.QueryAgentTimeMs <= 0 || m.PlanTimeMs <= 0 || m.TotalTimeMs < m.QueryAgentTimeMs {
		t.Errorf("metrics = %+v", m)
	}
}

func TestAskRegionTimeWindow(t *testing.T) {
	// As of 2023 nothing reported in the Arabian Sea within a year...
	r := ask(t, newApp(t, Options{}), "Which floats in the Arabian Sea reported in the last year?")
	if !strings.Contains(r.Response, "No float reported a profile in the Arabian Sea") || !strings.Contains(r.Response, "most recent report") {
		t.Errorf("2023 answer:\n%s", r.Response)
	}
	// ... as of 2020-09-01, float 2902269 did.
	a := newApp(t, Options{Now: func() time.Time { return time.Date(2020, 9, 1, 0, 0, 0, 0, time.UTC) }})
	r = ask(t, a, "Which floats in the Arabian Sea reported in the last year?")
	if !strings.Contains(r.Response, "2902269") || strings.Contains(r.Response, "2902696") {
		t.Errorf("2020 answer:\n%s", r.Response)
	}
}

func TestAskNearPoint(t *testing.T) {
	r := ask(t, newApp(t, Options{}), "Which floats reported within 300 km of 12.5N, 115.5E?")
	if !strings.Contains(r.Response, "2902696") || strings.Contains(r.Response, "2902269") {
		t.Errorf("answer:\n%s", r.Response)
	}
}

func TestAskQCFlagCitesRetrievedPassage(t *testing.T) {
	a := newApp(t, Options{})
	r := ask(t, a, "What does QC flag 4 mean?")
	if len(r.Citations) == 0 {
		t.Fatalf("no citations:\n%s", r.Response)
	}
	c := r.Citations[0]
	if !strings.Contains(c.File(), "R") || !strings.Contains(c.Quote(), "Bad data") || !strings.HasSuffix(c.Section(), "code 4") {
		t.Errorf("first citation %s / %s: %q", c.File(), c.Section(), c.Quote())
	}
	// every citation is one of the passages retrieval returns for the question
	hits := a.docs.Search(r.Query, 100)
	for _, c := range r.Citations {
		found := false
		for _, h := range hits {
			if h.File == c.File() && h.Section == c.Section() && h.Text == c.Quote() {
				found = true
			}
		}
		if !found {
			t.Errorf("citation %s / %s is not a retrieved passage", c.File(), c.Section())
		}
	}
}

func TestAskUnknownFloat(t *testing.T) {
	r := ask(t, newApp(t, Options{}), "Where is float 1234567 and what is its temperature?")
	if !strings.Contains(r.Response, "Float 1234567 is not in the ingested data") || !strings.Contains(r.Response, "Float 1234567 is not in the ingested data: it has no profiles") {
		t.Errorf("answer:\n%s", r.Response)
	}
}

func TestAskBadQuery(t *testing.T) {
	a := newApp(t, Options{})
	if _, err := a.Ask(context.Background(), "  "); !errors.Is(err, ErrEmptyQuery) {
		t.Errorf("empty: %v", err)
	}
	if _, err := a.Ask(context.Background(), strings.Repeat("x", MaxQueryLen+1)); !errors.Is(err, ErrLongQuery) {
		t.Errorf("long: %v", err)
	}
}

// failing is a Querier that always fails; slow one that waits for its context.
type failing struct{}

func (failing) Query(context.Context, store.QueryOptions, string, ...any) (*store.Result, error) {
	return nil, errors.New("connection refused")
}

type slow struct{}

func (slow) Query(ctx context.Context, _ store.QueryOptions, _ string, _ ...any) (*store.Result, error) {
	<-ctx.Done()
	time.Sleep(10 * time.Millisecond) // a store slow to notice cancellation
	return nil, ctx.Err()
}

type hanging struct{}

func (hanging) Query(ctx context.Context, _ store.QueryOptions, _ string, _ ...any) (*store.Result, error) {
	time.Sleep(2 * time.Second) // ignores its context entirely
	return nil, errors.New("late")
}

func TestFailingAgentsAreReportedOthersAnswer(t *testing.T) {
	_, ix := fixture(t)
	for _, prof := range []Querier{slow{}, hanging{}} {
		a, err := New(failing{}, prof, ix, Options{AgentTimeout: 200 * time.Millisecond, Now: testNow})
		if err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		r, err := a.Ask(context.Background(), "Where is float 2902269, how has its temperature changed, and what does data mode D mean?")
		if err != nil {
			t.Fatal(err)
		}
		if time.Since(start) > 1500*time.Millisecond {
			t.Errorf("a hung agent held the request for %v", time.Since(start))
		}
		byName := map[string]AgentReport{}
		for _, ag := range r.Agents {
			byName[ag.Agent] = ag
		}
		if ag := byName[agentSQL]; ag.OK || !strings.Contains(ag.Error, "connection refused") {
			t.Errorf("sql agent = %+v", ag)
		}
		if ag := byName[agentDuckDB]; ag.OK || ag.Error == "" {
			t.Errorf("duckdb agent = %+v", ag)
		}
		if ag := byName[agentRAG]; !ag.OK || len(r.Citations) == 0 {
			t.Errorf("rag agent = %+v, citations %d", ag, len(r.Citations))
		}
		if !r.Success || !strings.Contains(r.Response, "The sql agent failed") || !strings.Contains(r.Response, "The duckdb agent failed") {
			t.Errorf("response:\n%s", r.Response)
		}
	}
}

// recorder wraps a Querier and keeps every statement that reached it.
type recorder struct {
	Querier
	mu        sync.Mutex
	stmts     []string
	templated []bool // each statement's QueryOptions.Templated
}

func (r *recorder) Query(ctx context.Context, o store.QueryOptions, stmt string, args ...any) (*store.Result, error) {
	r.mu.Lock()
	r.stmts = append(r.stmts, stmt)
	r.templated = append(r.templated, o.Templated)
	r.mu.Unlock()
	return r.Querier.Query(ctx, o, stmt, args...)
}

func TestModelRouterAndHostileModelSQL(t *testing.T) {
	s, ix := fixture(t)
	// the model forgets the float number; the rules' extraction adds it back
	router := llm.Script(`{"agents":["sql"],"floatIds":[],"reasoning":"asks where a float is"}`)
	router.ModelName = "router-model"
	// The SQL model insists on destructive SQL: every attempt must be
	// refused by the guard and the templates must answer.
	sqlModel := llm.Script(
		`{"sql":"DROP TABLE argo_float_status","reasoning":"x"}`,
		`{"sql":"SELECT 1 FROM argo_float_status; DELETE FROM argo_float_metadata","reasoning":"x"}`,
		`{"sql":"SELECT * FROM read_csv('/etc/passwd')","reasoning":"x"}`,
	)
	rec := &recorder{Querier: s}
	a, err := New(rec, s, ix, Options{Now: testNow, Models: rolesOf(t, map[string]llm.Model{"dispatch": router, "sql": sqlModel})})
	if err != nil {
		t.Fatal(err)
	}
	r := ask(t, a, "Where is float 2902269?")
	if r.Dispatch.Source != "model" || strings.Join(r.Dispatch.Agents, ",") != "sql" || strings.Join(r.Dispatch.FloatIDs, ",") != "2902269" {
		t.Errorf("routing = %+v", r.Dispatch)
	}
	if !strings.Contains(r.Response, "ARVOR") {
		t.Errorf("templates did not answer:\n%s", r.Response)
	}
	for _, st := range rec.stmts {
		u := strings.ToUpper(st)
		if strings.Contains(u, "DROP") || strings.Contains(u, "DELETE") || strings.Contains(u, "READ_CSV") {
			t.Errorf("hostile statement reached the store: %s", st)
		}
	}
	if n := len(sqlModel.Requests()); n != 3 {
		t.Errorf("sql model asked %d times, want 3 (first try + 2 repairs)", n)
	}
}

// TestOnlyModelSQLIsCheckedAsFreeSQL: the agents' own statements run as
// templates (the guard's CheckTemplate, no plan check), those saying why a
// plan found nothing and the general agent's among them; a model's SQL as
// free SQL, checked in full.
func TestOnlyModelSQLIsCheckedAsFreeSQL(t *testing.T) {
	s, ix := fixture(t)
	const modelSQL = "SELECT wmo, platform_type FROM argo_float_metadata WHERE dac = 'csio'"
	sqlModel := llm.Script(`{"sql":"` + modelSQL + `","reasoning":"filter by DAC"}`)
	rec := &recorder{Querier: s}
	a, err := New(rec, rec, ix, Options{Now: testNow, Models: rolesOf(t, map[string]llm.Model{"sql": sqlModel})})
	if err != nil {
		t.Fatal(err)
	}
	ask(t, a, "Which floats does the csio DAC operate?")
	ask(t, a, "Where is float 2902269 and how did its temperature change?")
	ask(t, a, "What can you do?")                                     // the general agent's count of floats
	ask(t, a, "What is the maximum oxygen of float 2902269 in 2015?") // nothing found: the reasons why
	model, templates := 0, 0
	for i, st := range rec.stmts {
		switch {
		case st == modelSQL && rec.templated[i]:
			t.Errorf("the model's SQL ran as a template: %s", st)
		case st == modelSQL:
			model++
		case !rec.templated[i]:
			t.Errorf("an agent's own statement ran as free SQL: %.120s", st)
		default:
			templates++
		}
	}
	if model != 1 || templates < 3 {
		t.Errorf("%d model statements (want 1), %d templates (want 3 or more)", model, templates)
	}
}

func TestModelSQLThatPassesIsUsed(t *testing.T) {
	s, ix := fixture(t)
	sqlModel := llm.Script(`{"sql":"SELECT wmo, platform_type FROM argo_float_metadata WHERE dac = 'incois'","reasoning":"filter by DAC"}`)
	a, err := New(s, s, ix, Options{Now: testNow, Models: rolesOf(t, map[string]llm.Model{"sql": sqlModel})})
	if err != nil {
		t.Fatal(err)
	}
	r := ask(t, a, "Which floats does the incois DAC operate?")
	sqlRep := reportOf(r, agentSQL)
	if sqlRep == nil || sqlRep.Source != "model" || len(sqlRep.Tables) != 1 || len(sqlRep.Tables[0].Rows) != 1 || sqlRep.Tables[0].Rows[0][0] != "2902269" {
		t.Errorf("sql report = %+v", sqlRep)
	}
}

// roles is an llm.Models for tests.
type roles map[string]llm.Model

func (r roles) For(role string) llm.Model { return r[role] }

func rolesOf(_ *testing.T, m map[string]llm.Model) llm.Models { return roles(m) }

func TestUnsupportedNumbers(t *testing.T) {
	ev := "Float 2902269: temperature 26.172 °C at cycle 0, 27.100 °C at cycle 56 [1]"
	if bad := unsupportedNumbers("Float 2902269 warmed from 26.17 to 27.1 °C by cycle 56 [1]", ev); len(bad) != 0 {
		t.Errorf("rounded numbers flagged: %v", bad)
	}
	if bad := unsupportedNumbers("It warmed by 3.5 °C at 2000 m", ev); len(bad) != 2 {
		t.Errorf("invented numbers not flagged: %v", bad)
	}
}

func TestModelSynthesis(t *testing.T) {
	s, ix := fixture(t)
	q := "Where is float 2902269 and what does QC flag 4 mean?"
	// A faithful model answer is used; its citation numbers map to retrieved passages only.
	good := llm.Script(`{"answer":"Float 2902269 last reported at cycle 56. QC flag 4 means bad data [1].","cited":[1,99]}`)
	good.Replies[0].Usage = llm.Usage{PromptTokens: 120, CompletionTokens: 30}
	a, err := New(s, s, ix, Options{Now: testNow, Models: rolesOf(t, map[string]llm.Model{"synthesis": good})})
	if err != nil {
		t.Fatal(err)
	}
	r := ask(t, a, q)
	if !strings.HasPrefix(r.Response, "Float 2902269 last reported at cycle 56.") || len(r.Citations) != 1 || !strings.Contains(r.Citations[0].Quote(), "Bad data") {
		t.Errorf("model answer not used or citations wrong: %q, %d citations", r.Response, len(r.Citations))
	}
	if r.AgentMetrics.Tokens != 150 || r.AgentMetrics.SynthesisTimeMs <= 0 {
		t.Errorf("synthesis usage not counted: %+v", r.AgentMetrics)
	}
	// A model that invents a number is overruled by the template.
	liar := llm.Script(`{"answer":"Float 2902269 dived to 9999 m.","cited":[]}`)
	a, _ = New(s, s, ix, Options{Now: testNow, Models: rolesOf(t, map[string]llm.Model{"synthesis": liar})})
	r = ask(t, a, q)
	if strings.Contains(r.Response, "9999") || !strings.Contains(r.Response, "ARVOR") {
		t.Errorf("invented number reached the answer: %s", r.Response)
	}
}

func TestAskAtDepth(t *testing.T) {
	if d := dispatchRules("How has the temperature at 1000 m of float 2902269 changed?"); d.DepthDbar != 1000 || !d.Has(agentDuckDB) {
		t.Fatalf("routing = %+v", d)
	}
	r := ask(t, newApp(t, Options{}), "How has the temperature at 1000 m of float 2902269 changed?")
	if !strings.Contains(r.Response, "The temperature for float 2902269 at 1000 dbar (950–1050 dbar; depth in metres read as dbar, 1 m ≈ 1 dbar) changed at") || !strings.Contains(r.Response, "per year") {
		t.Errorf("answer:\n%s", r.Response)
	}
}

func TestActiveIsJudgedAtQueryTime(t *testing.T) {
	a := newApp(t, Options{Now: func() time.Time { return time.Date(2023, 5, 1, 0, 0, 0, 0, time.UTC) }})
	r := ask(t, a, "Is float 6903247 active?")
	if !strings.Contains(r.Response, "; active: last report") {
		t.Errorf("6903247 reported 2023-04 should be active on 2023-05-01:\n%s", r.Response)
	}
	r = ask(t, a, "Is float 2902269 active?")
	if !strings.Contains(r.Response, "; inactive: last report") {
		t.Errorf("2902269 (last report 2020) should be inactive:\n%s", r.Response)
	}
}

// TestSQLSchemaPromptDescribesEveryColumn renders the SQL agent's prompt
// and checks it names every column of every table a statement may read,
// as the store creates them, so a column added to the store (a new BGC
// parameter) fails here until the prompt describes it.
func TestSQLSchemaPromptDescribesEveryColumn(t *testing.T) {
	ctx := context.Background()
	s, err := store.Open(ctx, t.TempDir(), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	sqlModel := llm.Script(`{"sql":"SELECT count(*) AS n FROM argo_profiles WHERE doxy IS NOT NULL","reasoning":"oxygen levels"}`)
	a, err := New(s, s, nil, Options{Now: testNow, Models: rolesOf(t, map[string]llm.Model{"sql": sqlModel})})
	if err != nil {
		t.Fatal(err)
	}
	// a metadata question the plan does not answer: the sql agent does
	if _, err := a.Ask(ctx, "Which DAC operates float 2902269?"); err != nil {
		t.Fatal(err)
	}
	reqs := sqlModel.Requests()
	if len(reqs) == 0 || len(reqs[0].Messages) == 0 {
		t.Fatal("the SQL model was not asked")
	}
	prompt := reqs[0].Messages[0].Content
	words := map[string]bool{}
	for _, w := range strings.FieldsFunc(prompt, func(r rune) bool { return r != '_' && (r < 'a' || r > 'z') && (r < '0' || r > '9') }) {
		words[w] = true
	}
	for _, table := range store.Tables {
		if !words[table] {
			t.Errorf("prompt does not describe table %s", table)
		}
		res, err := s.Query(ctx, store.QueryOptions{}, "SELECT * FROM "+table+" LIMIT 0")
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range res.Columns {
			if !words[c] && c != "source_file" && c != "source_rank" {
				t.Errorf("prompt does not describe %s.%s:\n%s", table, c, prompt)
			}
		}
	}
	for _, c := range []string{"doxy", "chla", "bbp700", "nitrate", "ph_in_situ_total", "doxy_adjusted_qc", "bgc_data_mode", "level_source"} {
		if !words[c] {
			t.Errorf("prompt lacks BGC column %s", c)
		}
	}
}

// TestModelSQLOverProfilesRunsOnProfileStore: a model statement reading
// argo_profiles goes to the profile store, whatever the metadata store is.
func TestModelSQLOverProfilesRunsOnProfileStore(t *testing.T) {
	s, ix := fixture(t)
	sqlModel := llm.Script(`{"sql":"SELECT count(*) AS levels FROM argo_profiles WHERE wmo = '2902269'","reasoning":"count levels"}`)
	meta := &recorder{Querier: s}
	prof := &recorder{Querier: s}
	a, err := New(meta, prof, ix, Options{Now: testNow, Models: rolesOf(t, map[string]llm.Model{"sql": sqlModel})})
	if err != nil {
		t.Fatal(err)
	}
	r := ask(t, a, "Which floats does the incois DAC operate?")
	sqlRep := reportOf(r, agentSQL)
	if sqlRep == nil || sqlRep.Source != "model" || len(sqlRep.Tables) != 1 {
		t.Fatalf("sql report = %+v", sqlRep)
	}
	for _, st := range meta.stmts {
		if strings.Contains(st, "argo_profiles") {
			t.Errorf("metadata store was sent %s", st)
		}
	}
	if len(prof.stmts) == 0 || !strings.Contains(prof.stmts[0], "argo_profiles") {
		t.Errorf("profile store statements = %v", prof.stmts)
	}
}

// TestAgentsWithoutStores: an App with no stores answers with each
// agent's reason, never a panic.
func TestAgentsWithoutStores(t *testing.T) {
	a, err := New(nil, nil, nil, Options{Now: testNow})
	if err != nil {
		t.Fatal(err)
	}
	r, err := a.Ask(context.Background(), "Where is float 2902269 and how has its surface temperature changed?")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{agentSQL: "no metadata store", agentQuery: "no profile store"}
	for _, ag := range r.Agents {
		if w, ok := want[ag.Agent]; ok {
			if ag.OK || !strings.Contains(ag.Error, w) {
				t.Errorf("agent %s: ok=%v error %q, want %q", ag.Agent, ag.OK, ag.Error, w)
			}
			delete(want, ag.Agent)
		}
	}
	if len(want) != 0 {
		t.Errorf("agents not run: %v", want)
	}
}

// TestRouterPromptNamesRegions renders the router's prompt as the model
// receives it: it names every region the SQL agent can outline.
func TestRouterPromptNamesRegions(t *testing.T) {
	router := llm.Script(`{"agents":["general"],"floatIds":[],"reasoning":"greeting"}`)
	a, err := New(nil, nil, nil, Options{Now: testNow, Models: rolesOf(t, map[string]llm.Model{"dispatch": router})})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.Ask(context.Background(), "hello"); err != nil {
		t.Fatal(err)
	}
	reqs := router.Requests()
	if len(reqs) != 1 || len(reqs[0].Messages) == 0 {
		t.Fatalf("router asked %d times", len(reqs))
	}
	prompt := reqs[0].Messages[0].Content
	for _, r := range regions {
		if !strings.Contains(prompt, r.Name) {
			t.Errorf("router prompt lacks region %q", r.Name)
		}
	}
	if strings.Contains(prompt, "{{") {
		t.Errorf("router prompt has an unfilled placeholder:\n%s", prompt)
	}
}

// reportOf returns agent's report in r, nil when it did not answer.
func reportOf(r Response, agent string) *AgentReport {
	for i := range r.Agents {
		if r.Agents[i].Agent == agent {
			return &r.Agents[i]
		}
	}
	return nil
}

// TestAgentStatementsPassTheWholeGuard: the agents' own statements run as
// templates (CheckTemplate, which does not parse the deparsed text
// again); every one the corpus's questions make passes the whole Check
// too, with the same text.
func TestAgentStatementsPassTheWholeGuard(t *testing.T) {
	s, ix := fixture(t)
	rec := &recorder{Querier: s}
	a, err := New(rec, rec, ix, Options{Now: testNow, PlanCacheTTL: -1})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range loadCorpus(t) {
		if _, err := a.Ask(context.Background(), c.Q); err != nil {
			t.Fatalf("%q: %v", c.Q, err)
		}
	}
	g := sqlguard.New(store.GuardedTables(), nil)
	seen := map[string]bool{}
	for i, st := range rec.stmts {
		if !rec.templated[i] || seen[st] {
			continue
		}
		seen[st] = true
		whole, err := g.Check(st)
		if err != nil {
			t.Fatalf("%v\n%s", err, st)
		}
		if once, err := g.CheckTemplate(st); err != nil || once != whole {
			t.Fatalf("CheckTemplate %v, text differs: %v\n%s", err, once != whole, st)
		}
	}
	if len(seen) < 300 {
		t.Errorf("only %d statements checked", len(seen))
	}
}
