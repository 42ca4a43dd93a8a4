// Package locnav runs and scores the location_navigation domain of the
// MCP-Universe benchmark (SalesforceAIResearch/MCP-Universe): it reads the
// task files, asks a Solver for each answer, and scores every answer with
// the task's evaluators — the pipeline language (json, get(k), foreach,
// len, list; ops =, <, <=, >, >=, in, contain) and the google_maps.*
// checks — against a maps backend (geo.Maps), reproducing the upstream
// Python evaluators' semantics, quirks included. Checks that need servers
// Cairn does not run (weather.*, playwright) are reported as unsupported,
// never passed.
package locnav

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/cairn-agents/cairn/internal/input"
)

// Task is one location_navigation task: a question, the JSON format of
// its answer, the MCP servers it names and, to score an answer, its
// evaluators. The roadtrip planner answers it; Run scores the answer.
type Task struct {
	// ID is the file name without .json, e.g. "google_maps_task_0001".
	ID           string          `json:"id,omitempty"`
	File         string          `json:"file,omitempty"`
	Category     string          `json:"category,omitempty"`
	Question     string          `json:"question"`
	OutputFormat json.RawMessage `json:"output_format,omitempty"`
	Servers      []string        `json:"mcp_servers,omitempty"`
	Evaluators   []Evaluator     `json:"evaluators,omitempty"`
}

// Evaluator is one entry of a task's evaluators: `func op value` with
// op_args, as upstream's EvaluatorConfig.
type Evaluator struct {
	Func   string          `json:"func"`
	Op     string          `json:"op,omitempty"`
	Value  json.RawMessage `json:"value,omitempty"`
	OpArgs json.RawMessage `json:"op_args,omitempty"`
}

// Family is a task group of the domain: what a question asks for. The
// roadtrip planner reads it from the question; Task.Family tells it from
// the task's format and evaluators.
type Family string

// The task families (the upstream task numbers in comments).
const (
	RoadTrip     Family = "road_trip"     // N routes through K towns, rest stops, viewpoints (0001-0010)
	EvenStops    Family = "even_stops"    // stops at equal fractions of one or two legs (0011-0020)
	MeetingPoint Family = "meeting_point" // a place with equal travel times from 2-6 people (0021-0030)
	PlaceFinding Family = "place_finding" // places of a type north/south/east/west of landmarks (0031-0035)
	MultiServer  Family = "multi_server"  // needs a server besides maps: weather, a browser
)

// MapsServer is the server name the maps-only tasks list.
const MapsServer = "google-maps"

// Family classifies t by the servers it needs and its output format.
func (t Task) Family() Family {
	if len(t.OtherServers()) > 0 {
		return MultiServer
	}
	var f map[string]json.RawMessage
	_ = json.Unmarshal(t.OutputFormat, &f)
	switch {
	case f["routes"] != nil:
		return RoadTrip
	case f["route_1_stops"] != nil:
		return EvenStops
	}
	for _, e := range t.Evaluators {
		switch e.Op {
		case "google_maps.compare_time_of_middle_point":
			return MeetingPoint
		case "google_maps.validate_direction_of_two_places":
			return PlaceFinding
		case "google_maps.compare_distance_between_stops":
			return EvenStops
		}
	}
	return PlaceFinding
}

// OtherServers lists the servers t needs besides google-maps.
func (t Task) OtherServers() []string {
	var out []string
	for _, s := range t.Servers {
		if s != MapsServer {
			out = append(out, s)
		}
	}
	return out
}

// taskFile is the on-disk shape.
type taskFile struct {
	Category     string          `json:"category"`
	Question     *string         `json:"question"`
	OutputFormat json.RawMessage `json:"output_format,omitempty"`
	Servers      []struct {
		Name string `json:"name"`
	} `json:"mcp_servers"`
	Evaluators []Evaluator `json:"evaluators"`
}

// ParseTask decodes a task file's bytes for scoring; id names it in
// errors. It fails with an error naming the field when the question,
// output_format or evaluators are missing or malformed. Unknown evaluator
// ops are not an error here: scoring reports them for the task.
func ParseTask(id string, data []byte) (Task, error) {
	t, err := decodeTask(id, data)
	if err != nil {
		return Task{}, err
	}
	if err := t.scorable(); err != nil {
		return Task{}, err
	}
	return t, nil
}

// scorable says what t lacks to be scored.
func (t Task) scorable() error {
	switch {
	case len(t.OutputFormat) == 0 || string(t.OutputFormat) == "null":
		return fmt.Errorf("task %s: output_format is missing", t.ID)
	case len(t.Evaluators) == 0:
		return fmt.Errorf("task %s: evaluators is missing or empty", t.ID)
	}
	return nil
}

// decodeTask decodes a task file and checks what every use needs: a
// question, and names for the functions and servers it lists.
func decodeTask(id string, data []byte) (Task, error) {
	var f taskFile
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&f); err != nil {
		return Task{}, fmt.Errorf("task %s: not a task file: %w", id, input.JSONError(data, err))
	}
	t := Task{ID: id, Category: f.Category, OutputFormat: f.OutputFormat, Evaluators: f.Evaluators}
	if f.Question == nil || strings.TrimSpace(*f.Question) == "" {
		return Task{}, fmt.Errorf("task %s: question is missing or empty", id)
	}
	t.Question = *f.Question
	for i, e := range f.Evaluators {
		if strings.TrimSpace(e.Func) == "" {
			return Task{}, fmt.Errorf("task %s: evaluators[%d].func is empty", id, i)
		}
	}
	for i, s := range f.Servers {
		if s.Name == "" {
			return Task{}, fmt.Errorf("task %s: mcp_servers[%d].name is empty", id, i)
		}
		t.Servers = append(t.Servers, s.Name)
	}
	return t, nil
}

// ReadTask reads a task file to be answered rather than scored: its
// output_format and evaluators may be missing (the planner then answers
// in the family's default format).
func ReadTask(path string) (Task, error) {
	data, err := input.ReadFile(path, input.TaskLimit)
	if err != nil {
		return Task{}, err
	}
	t, err := decodeTask(strings.TrimSuffix(filepath.Base(path), ".json"), data)
	if err != nil {
		return Task{}, fmt.Errorf("%s: %w", path, err)
	}
	t.File = path
	return t, nil
}

// LoadTask reads one task file for scoring (see ParseTask).
func LoadTask(path string) (Task, error) {
	t, err := ReadTask(path)
	if err != nil {
		return Task{}, err
	}
	if err := t.scorable(); err != nil {
		return Task{}, fmt.Errorf("%s: %w", path, err)
	}
	return t, nil
}

// ErrNoTasks means the paths named no task files.
var ErrNoTasks = errors.New("no task files")

// LoadTasks reads task files: each path is a .json file or a directory
// whose *.json files are read (not recursively). Tasks are returned sorted
// by ID; an ID seen twice is an error.
func LoadTasks(paths ...string) ([]Task, error) {
	var files []string
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			files = append(files, p)
			continue
		}
		m, err := filepath.Glob(filepath.Join(p, "*.json"))
		if err != nil {
			return nil, err
		}
		if len(m) == 0 {
			return nil, fmt.Errorf("%s: %w (no *.json in the directory)", p, ErrNoTasks)
		}
		files = append(files, m...)
	}
	if len(files) == 0 {
		return nil, ErrNoTasks
	}
	var tasks []Task
	seen := map[string]string{}
	for _, f := range files {
		t, err := LoadTask(f)
		if err != nil {
			return nil, err
		}
		if prev, dup := seen[t.ID]; dup {
			return nil, fmt.Errorf("task id %s is in both %s and %s", t.ID, prev, f)
		}
		seen[t.ID] = f
		tasks = append(tasks, t)
	}
	sort.Slice(tasks, func(i, j int) bool { return tasks[i].ID < tasks[j].ID })
	return slices.Clip(tasks), nil
}
