package main

import (
	"errors"
	"fmt"
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"gopkg.in/yaml.v3"

	"github.com/cairn-agents/cairn/internal/input"
)

// applyConfig reads --config (or $CAIRN_CONFIG) and sets the flags of cmd
// that the command line left unset. Top-level keys set global flags; a key
// named after a subcommand holds that subcommand's flags, nested as deep as
// the command path; a deeper key overrides a shallower one, so a section
// may override a global flag for one command:
//
//	log-level: info
//	model: ollama:qwen3:8b
//	maze:
//	  model: none
//	  run:
//	    parallel: 4
//	    seeds: [1, 2, 3]
//
// The whole file is checked, not only the running command's section: a key
// that names no flag or command, a mapping where a value belongs, or a bad
// value is an error naming the key (as a dotted path) and the file.
func (c *cli) applyConfig(cmd *cobra.Command) error {
	path := c.configPath
	if path == "" {
		path = os.Getenv("CAIRN_CONFIG")
	}
	if path == "" {
		return nil
	}
	raw, err := input.ReadFile(path, input.ConfigLimit)
	if err != nil {
		return fmt.Errorf("config: %w", err)
	}
	var top any
	if err := yaml.Unmarshal(raw, &top); err != nil {
		return fmt.Errorf("config %s: %w", path, err)
	}
	doc, ok := top.(map[string]any)
	switch {
	case top == nil: // empty, or only comments
	case ok:
	case isMapping(top):
		return fmt.Errorf("config %s: keys must be strings", path)
	default:
		return fmt.Errorf("config %s: want a mapping of keys to values at the top, got %s", path, yamlKind(top))
	}
	if err := checkLevel(cmd.Root(), doc, ""); err != nil {
		return fmt.Errorf("config %s: %w", path, err)
	}

	fromCLI := map[*pflag.Flag]bool{}
	cmd.Flags().Visit(func(f *pflag.Flag) { fromCLI[f] = true })

	var chain []*cobra.Command // root first, cmd last
	for p := cmd; p != nil; p = p.Parent() {
		chain = append([]*cobra.Command{p}, chain...)
	}
	level, prefix := doc, ""
	for i, at := range chain {
		for _, k := range slices.Sorted(maps.Keys(level)) {
			v := level[k]
			if _, isMap := v.(map[string]any); isMap {
				continue // a subcommand's section
			}
			f := declaredFlag(at, k)
			if f == nil || cmd.Flags().Lookup(k) != f || fromCLI[f] {
				continue // a local flag of an ancestor, or set on the command line
			}
			if err := setFlag(f, v); err != nil {
				return fmt.Errorf("config %s: key %q: %w", path, dotted(prefix, k), err)
			}
		}
		if i+1 == len(chain) {
			break
		}
		next, _ := level[chain[i+1].Name()].(map[string]any)
		if next == nil {
			break
		}
		level, prefix = next, dotted(prefix, chain[i+1].Name())
	}
	return nil
}

// reserved keys cannot be set from a config file.
var reserved = map[string]string{
	"config":  "the config file cannot name another config file",
	"help":    "help is not a setting",
	"version": "version is not a setting",
}

// checkLevel checks every key of level against command at: a mapping must
// name a subcommand, a scalar or list a flag visible at that command.
func checkLevel(at *cobra.Command, level map[string]any, prefix string) error {
	for _, k := range slices.Sorted(maps.Keys(level)) {
		full := dotted(prefix, k)
		if why, ok := reserved[k]; ok {
			return fmt.Errorf("key %q: %s", full, why)
		}
		switch v := level[k].(type) {
		case map[string]any:
			sub := subcommand(at, k)
			if sub == nil {
				if declaredFlag(at, k) != nil {
					return fmt.Errorf("key %q: flag --%s wants a value, not a mapping", full, k)
				}
				return fmt.Errorf("key %q: %q has no subcommand %q", full, at.CommandPath(), k)
			}
			if err := checkLevel(sub, v, full); err != nil {
				return err
			}
		case map[any]any:
			return fmt.Errorf("key %q: mapping keys must be strings", full)
		default:
			f := declaredFlag(at, k)
			if f == nil {
				if subcommand(at, k) != nil {
					return fmt.Errorf("key %q: names the command %q; want a mapping of its flags", full, at.CommandPath()+" "+k)
				}
				return fmt.Errorf("key %q: %q has no flag --%s", full, at.CommandPath(), k)
			}
			if err := checkValue(f, v); err != nil {
				return fmt.Errorf("key %q: %w", full, err)
			}
		}
	}
	return nil
}

// declaredFlag returns the flag named k as command at sees it: its own
// flags and the persistent flags of it and its ancestors.
func declaredFlag(at *cobra.Command, k string) *pflag.Flag {
	if f := at.Flags().Lookup(k); f != nil {
		return f
	}
	for p := at; p != nil; p = p.Parent() {
		if f := p.PersistentFlags().Lookup(k); f != nil {
			return f
		}
	}
	return nil
}

func subcommand(c *cobra.Command, name string) *cobra.Command {
	for _, s := range c.Commands() {
		if s.Name() == name {
			return s
		}
	}
	return nil
}

// checkValue rejects values that cannot fit the flag's type, so a bad
// value is reported even in a section the running command does not read.
func checkValue(f *pflag.Flag, v any) error {
	items, isList := v.([]any)
	_, isSlice := f.Value.(pflag.SliceValue)
	switch {
	case v == nil:
		return errors.New("has no value")
	case isList && !isSlice:
		return fmt.Errorf("flag --%s takes one value, not a list", f.Name)
	case isList:
	case isSlice:
		// A scalar for a slice flag is a comma-separated list, as on the
		// command line.
		s, err := scalar(v)
		if err != nil {
			return err
		}
		items = nil
		for _, part := range strings.Split(s, ",") {
			items = append(items, part)
		}
	default:
		items = []any{v}
	}
	typ := strings.TrimSuffix(strings.TrimSuffix(f.Value.Type(), "Slice"), "Array")
	for _, it := range items {
		s, err := scalar(it)
		if err != nil {
			return err
		}
		var perr error
		switch typ {
		case "int", "int8", "int16", "int32", "int64", "count":
			_, perr = strconv.ParseInt(s, 0, 64)
		case "uint", "uint8", "uint16", "uint32", "uint64":
			_, perr = strconv.ParseUint(s, 0, 64)
		case "float32", "float64":
			_, perr = strconv.ParseFloat(s, 64)
		case "bool":
			_, perr = strconv.ParseBool(s)
		case "duration":
			_, perr = time.ParseDuration(s)
		}
		if perr != nil {
			return fmt.Errorf("%q is not a valid %s for --%s", s, typ, f.Name)
		}
	}
	return nil
}

// scalar renders a YAML scalar as the command line would spell it.
func scalar(v any) (string, error) {
	switch x := v.(type) {
	case nil:
		return "", errors.New("has an empty value")
	case string:
		return x, nil
	case map[string]any, map[any]any, []any:
		return "", errors.New("list items must be plain values")
	case time.Time: // YAML timestamps: give back the date the user wrote
		if x.Equal(x.Truncate(24 * time.Hour)) {
			return x.Format(time.DateOnly), nil
		}
		return x.Format(time.RFC3339Nano), nil
	}
	return fmt.Sprint(v), nil
}

// setFlag sets f from a YAML value; a list replaces a slice flag's value.
func setFlag(f *pflag.Flag, v any) error {
	if err := checkValue(f, v); err != nil {
		return err
	}
	sv, isSlice := f.Value.(pflag.SliceValue)
	if items, ok := v.([]any); ok {
		strs := make([]string, len(items))
		for i, it := range items {
			strs[i], _ = scalar(it)
		}
		if err := sv.Replace(strs); err != nil {
			return fmt.Errorf("--%s: %w", f.Name, err)
		}
	} else {
		s, _ := scalar(v)
		if isSlice { // replace, not append to, what a shallower level set
			if err := sv.Replace(nil); err != nil {
				return fmt.Errorf("--%s: %w", f.Name, err)
			}
		}
		if err := f.Value.Set(s); err != nil {
			return fmt.Errorf("--%s: %w", f.Name, err)
		}
	}
	f.Changed = true
	return nil
}

func isMapping(v any) bool {
	_, ok := v.(map[any]any)
	return ok
}

// yamlKind names the kind of a decoded YAML value for an error message.
func yamlKind(v any) string {
	switch v.(type) {
	case []any:
		return "a list"
	case string:
		return "a string"
	case map[string]any, map[any]any:
		return "a mapping"
	}
	return "a single value"
}

func dotted(prefix, k string) string {
	if prefix == "" {
		return k
	}
	return prefix + "." + k
}
