package locnav

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// ErrNoAnswer means recorded answers hold nothing for a task.
var ErrNoAnswer = errors.New("no recorded answer")

// LoadAnswers reads recorded answers and returns a Solver that replays
// them, so any agent's answers can be scored offline. path is either
//   - a JSON file mapping task ID to answer: a string is the answer text
//     as the agent gave it (code fences and all), any other JSON value is
//     the answer itself; or
//   - a directory with one file per task, named ID.json or ID.txt, whose
//     contents are the answer text.
//
// IDs are task file names without .json ("google_maps_task_0001"). A task
// without an answer gets an error wrapping ErrNoAnswer from the Solver.
func LoadAnswers(path string) (Solver, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("answers: %w", err)
	}
	answers := map[string][]byte{}
	if st.IsDir() {
		ents, err := os.ReadDir(path)
		if err != nil {
			return nil, fmt.Errorf("answers: %w", err)
		}
		for _, e := range ents {
			ext := filepath.Ext(e.Name())
			if e.IsDir() || (ext != ".json" && ext != ".txt") {
				continue
			}
			id := strings.TrimSuffix(e.Name(), ext)
			if _, dup := answers[id]; dup {
				return nil, fmt.Errorf("answers %s: two files for task %s", path, id)
			}
			b, err := os.ReadFile(filepath.Join(path, e.Name()))
			if err != nil {
				return nil, fmt.Errorf("answers: %w", err)
			}
			answers[id] = b
		}
		if len(answers) == 0 {
			return nil, fmt.Errorf("answers %s: no ID.json or ID.txt files", path)
		}
	} else {
		b, err := os.ReadFile(path)
		if err != nil {
			return nil, fmt.Errorf("answers: %w", err)
		}
		var m map[string]json.RawMessage
		if err := json.Unmarshal(b, &m); err != nil {
			return nil, fmt.Errorf("answers %s: want a JSON object mapping task ID to answer: %w", path, err)
		}
		for id, raw := range m {
			raw = bytes.TrimSpace(raw)
			if len(raw) > 0 && raw[0] == '"' {
				var s string
				if err := json.Unmarshal(raw, &s); err != nil {
					return nil, fmt.Errorf("answers %s: task %s: %w", path, id, err)
				}
				raw = []byte(s)
			}
			answers[strings.TrimSuffix(id, ".json")] = raw
		}
	}
	return func(_ context.Context, t Task) (Answer, error) {
		a, ok := answers[t.ID]
		if !ok {
			return Answer{}, fmt.Errorf("task %s: %w in %s", t.ID, ErrNoAnswer, path)
		}
		return Answer{JSON: json.RawMessage(a)}, nil
	}, nil
}
