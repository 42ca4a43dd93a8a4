package mapschat

import (
	"embed"
	"encoding/json"
	"fmt"

	"github.com/cairn-agents/cairn/llm"
)

//go:embed prompts/*.tmpl
var promptFiles embed.FS

var prompts = llm.MustParseTemplates(promptFiles, "prompts/*.tmpl")

type tableRow struct {
	From Status
	To   []string
}

type toolLine struct{ Name, Description string }

// coordinatorSystem renders the coordinator's system prompt: the
// transition table and the tools.
func (a *Assistant) coordinatorSystem() (string, error) {
	var in struct {
		Table []tableRow
		Tools []toolLine
	}
	for _, s := range stateOrder {
		if to := transitions[s]; len(to) > 0 {
			in.Table = append(in.Table, tableRow{s, statusNames(to)})
		}
	}
	for _, sp := range a.tools.Specs() {
		in.Tools = append(in.Tools, toolLine{sp.Name, sp.Description})
	}
	return prompts.Render("coordinator", in)
}

// memoryView is what prompts show of the turn and its memory.
type memoryView struct {
	Status           Status
	Legal            []string
	Message, Here    string
	Results, Saved   []string
	Pending, Request string
	Done             []string
	Tools            []string
}

func view(t *turn) memoryView {
	v := memoryView{Message: t.Message}
	if t.Memory.Here != nil {
		h := t.Memory.Here
		v.Here = fmt.Sprintf("%s (%.5f, %.5f)", h.Name, h.Location.Lat, h.Location.Lng)
	} else if t.Center != nil && !t.Center.IsZero() {
		b, _ := json.Marshal(t.Center)
		v.Here = string(b)
	}
	for i, p := range t.Memory.Results {
		v.Results = append(v.Results, fmt.Sprintf("%d. %s (place_id %s, %s)", i+1, p.Name, p.PlaceID, p.Address))
	}
	for _, s := range t.Memory.Saved {
		v.Saved = append(v.Saved, fmt.Sprintf("%s = %s", s.Label, s.Place.Name))
	}
	if p := t.Memory.Pending; p != nil {
		b, _ := json.Marshal(p)
		v.Pending = string(b)
	}
	b, _ := json.Marshal(t.Request)
	v.Request = string(b)
	for _, r := range t.Results {
		if r.Err != "" {
			v.Done = append(v.Done, describeCall(r.Call)+" failed: "+failure(r.Err))
		} else {
			v.Done = append(v.Done, clip(describeCall(r.Call)+": "+string(r.Result), 1500))
		}
	}
	return v
}

// coordinatorPrompt is the decision's prompt in state st.
func (a *Assistant) coordinatorPrompt(t *turn, st Status) (llm.Prompt, error) {
	a.sysOnce.Do(func() { a.sys, a.sysErr = a.coordinatorSystem() })
	sys, err := a.sys, a.sysErr
	if err != nil {
		return llm.Prompt{}, err
	}
	v := view(t)
	v.Status, v.Legal = st, statusNames(transitions[st])
	user, err := prompts.Render("coordinator_user", v)
	if err != nil {
		return llm.Prompt{}, err
	}
	return llm.Prompt{
		Name: "CoordinatorState", System: sys, User: user,
		Timeout: a.o.ModelTimeout, MaxRepairs: 2, Temperature: a.o.CoordinatorTemperature,
	}, nil
}

// toolsSystem is the tool-argument call's system prompt.
var toolsSystem = func() string {
	s, err := prompts.Render("tools", nil)
	if err != nil {
		panic(err)
	}
	return s
}()

func toolsUser(t *turn, names []string) (string, error) {
	v := view(t)
	v.Tools = names
	return prompts.Render("tools_user", v)
}
