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
)

// Task is one benchmark task file.
type Task struct {
	// ID is the file name without .json, e.g. "google_maps_task_0001".
	ID           string          `json:"id"`
	File         string          `json:"file,omitempty"`
	Category     string          `json:"category,omitempty"`
	Question     string          `json:"question"`
	OutputFormat json.RawMessage `json:"output_format"`
	Servers      []string        `json:"mcp_servers"`
	Evaluators   []Evaluator     `json:"evaluators"`
}

// Evaluator is one entry of a task's evaluators: `func op value` with
// op_args, as upstream's EvaluatorConfig.
type Evaluator struct {
	Func   string          `json:"func"`
	Op     string          `json:"op,omitempty"`
	Value  json.RawMessage `json:"value,omitempty"`
	OpArgs json.RawMessage `json:"op_args,omitempty"`
}

// Family is a task group of the domain.
type Family string

// The task families.
const (
	RoadTrip     Family = "road_trip"     // 0001-0010
	EvenStops    Family = "even_stops"    // 0011-0020
	MeetingPoint Family = "meeting_point" // 0021-0030
	PlaceFinding Family = "place_finding" // 0031-0035
	MultiServer  Family = "multi_server"  // needs weather or playwright
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
	OutputFormat json.RawMessage `json:"output_format"`
	Servers      []struct {
		Name string `json:"name"`
	} `json:"mcp_servers"`
	Evaluators []Evaluator `json:"evaluators"`
}

// ParseTask decodes a task file's bytes; id names it in errors. It fails
// with an error naming the field when the question, output_format or
// evaluators are missing or malformed. Unknown evaluator ops are not an
// error here: scoring reports them for the task.
func ParseTask(id string, data []byte) (Task, error) {
	var f taskFile
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&f); err != nil {
		return Task{}, fmt.Errorf("task %s: %w", id, err)
	}
	t := Task{ID: id, Category: f.Category, OutputFormat: f.OutputFormat, Evaluators: f.Evaluators}
	switch {
	case f.Question == nil || strings.TrimSpace(*f.Question) == "":
		return Task{}, fmt.Errorf("task %s: question is missing or empty", id)
	case len(f.OutputFormat) == 0 || string(f.OutputFormat) == "null":
		return Task{}, fmt.Errorf("task %s: output_format is missing", id)
	case len(f.Evaluators) == 0:
		return Task{}, fmt.Errorf("task %s: evaluators is missing or empty", id)
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

// LoadTask reads one task file.
func LoadTask(path string) (Task, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return Task{}, err
	}
	t, err := ParseTask(strings.TrimSuffix(filepath.Base(path), ".json"), data)
	if err != nil {
		return Task{}, fmt.Errorf("%s: %w", path, err)
	}
	t.File = path
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
