package locnav

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestFormatProblems(t *testing.T) {
	format := json.RawMessage(`{"starting_city":"[City]","routes":[{"route_id":"1","cities_visited":["[City 1]"],
		"scenic_viewpoints":[{"name":"[Name]","elevation_meters":"[Elevation in meters]"}]}]}`)
	cases := []struct {
		answer string
		want   string // substring of the problems; "" means it fits
	}{
		{`{"starting_city":"Dover","routes":[{"route_id":"1","cities_visited":["A"],"scenic_viewpoints":[{"name":"V","elevation_meters":12.5}]}]}`, ""},
		{`{"starting_city":"Dover","routes":[],"extra":1}`, ""},
		{`{"starting_city":"Dover","routes":[{"route_id":"1","cities_visited":[],"scenic_viewpoints":[]}]}`, ""},
		{`{"routes":[]}`, "$: missing keys starting_city"},
		{`{"starting_city":"Dover","routes":{"route_id":"1"}}`, "$.routes: want an array, got an object"},
		{`{"starting_city":["Dover"],"routes":[]}`, "$.starting_city: want a single value, got an array"},
		{`{"starting_city":"D","routes":[{"route_id":"1","cities_visited":["A"],"scenic_viewpoints":[{"name":"V"}]}]}`, "$.routes[0].scenic_viewpoints[0]: missing keys elevation_meters"},
		{"```json\n{\"starting_city\":\"D\",\"routes\":[]}\n```", "not bare JSON"},
		{`{"starting_city": "D",`, "not valid JSON"},
	}
	for _, c := range cases {
		got := strings.Join(FormatProblems(format, c.answer), "; ")
		if (c.want == "") != (got == "") || !strings.Contains(got, c.want) {
			t.Errorf("%.50q: problems %q, want %q", c.answer, got, c.want)
		}
	}
}

// FuzzTaskAndFormat feeds arbitrary task files and answers to ParseTask,
// Family and FormatProblems: no panic; a parsed task has a question,
// an output format and evaluators with funcs.
func FuzzTaskAndFormat(f *testing.F) {
	f.Add(`{"question":"q","output_format":{"stops":[{"name":"","place id":""}]},"mcp_servers":[{"name":"google-maps"}],"evaluators":[{"func":"json"}]}`, `{"stops":[{"name":"a","place id":"b"}]}`)
	f.Add(`{"question":"q","output_format":{"routes":[{"cities_visited":["x"]}]},"evaluators":[{"func":"json","op":"=","value":[1],"op_args":{"a":null}}]}`, "```json\n{}\n```")
	f.Add(`{"question":"","evaluators":[]}`, `[1,2`)
	f.Fuzz(func(t *testing.T, task, answer string) {
		tk, err := ParseTask("f", []byte(task))
		if err != nil {
			if !strings.HasPrefix(err.Error(), "task f: ") {
				t.Fatalf("error does not name the task: %v", err)
			}
			return
		}
		if strings.TrimSpace(tk.Question) == "" || len(tk.OutputFormat) == 0 || len(tk.Evaluators) == 0 {
			t.Fatalf("accepted an incomplete task: %+v", tk)
		}
		_ = tk.Family()
		for _, p := range FormatProblems(tk.OutputFormat, answer) {
			if p == "" {
				t.Fatal("empty problem")
			}
		}
	})
}
