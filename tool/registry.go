package tool

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sync"
)

// Registry is a set of tools by name. The zero value is an empty registry
// ready to use; it is safe for concurrent use.
type Registry struct {
	mu    sync.RWMutex
	tools map[string]Tool
}

// NewRegistry returns a registry holding tools. It fails like Add.
func NewRegistry(tools ...Tool) (*Registry, error) {
	r := &Registry{}
	if err := r.Add(tools...); err != nil {
		return nil, err
	}
	return r, nil
}

// Add registers tools. It rejects an empty name or a name already taken,
// adding none of the tools in that case.
func (r *Registry) Add(tools ...Tool) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	seen := make(map[string]bool, len(tools))
	for i, t := range tools {
		if t == nil {
			return fmt.Errorf("tool registry: tool %d is nil", i)
		}
		name := t.Spec().Name
		if name == "" {
			return fmt.Errorf("tool registry: tool %d has an empty name", i)
		}
		if _, dup := r.tools[name]; dup || seen[name] {
			return fmt.Errorf("tool registry: tool %q is already registered", name)
		}
		seen[name] = true
	}
	if r.tools == nil {
		r.tools = make(map[string]Tool, len(tools))
	}
	for _, t := range tools {
		r.tools[t.Spec().Name] = t
	}
	return nil
}

// Get returns the tool called name.
func (r *Registry) Get(name string) (Tool, bool) {
	r.mu.RLock()
	defer r.mu.RUnlock()
	t, ok := r.tools[name]
	return t, ok
}

// Names returns the registered names in sorted order.
func (r *Registry) Names() []string {
	r.mu.RLock()
	defer r.mu.RUnlock()
	names := make([]string, 0, len(r.tools))
	for n := range r.tools {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// Len returns the number of registered tools.
func (r *Registry) Len() int {
	r.mu.RLock()
	defer r.mu.RUnlock()
	return len(r.tools)
}

// Specs returns the spec of every tool, sorted by name, so prompts and tool
// lists built from it are stable from run to run.
func (r *Registry) Specs() []Spec {
	names := r.Names()
	specs := make([]Spec, 0, len(names))
	for _, n := range names {
		if t, ok := r.Get(n); ok {
			specs = append(specs, t.Spec())
		}
	}
	return specs
}

// Call calls the tool called name. An unregistered name is an *Error of
// kind ErrUnknownTool.
func (r *Registry) Call(ctx context.Context, name string, args json.RawMessage) (json.RawMessage, error) {
	t, ok := r.Get(name)
	if !ok {
		return nil, &Error{Tool: name, Kind: ErrUnknownTool, Err: errors.New("not in registry")}
	}
	return t.Call(ctx, args)
}

// With returns a new registry holding every tool of r wrapped in mw (see
// Chain for the order). r itself is unchanged.
func (r *Registry) With(mw ...Middleware) *Registry {
	r.mu.RLock()
	defer r.mu.RUnlock()
	out := &Registry{tools: make(map[string]Tool, len(r.tools))}
	for n, t := range r.tools {
		out.tools[n] = Chain(t, mw...)
	}
	return out
}
