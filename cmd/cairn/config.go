package main

import (
	"errors"
	"fmt"
	"os"
	"sort"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"gopkg.in/yaml.v3"
)

// applyConfig reads --config (or $CAIRN_CONFIG) and sets every flag of cmd
// that the command line left unset. Top-level keys set global flags; a key
// named after a subcommand holds that subcommand's flags, nested as deep as
// the command path:
//
//	log-level: info
//	model: ollama:qwen3:8b
//	maze:
//	  run:
//	    parallel: 4
//
// A key that names no flag and no subcommand is an error naming the key.
func (c *cli) applyConfig(cmd *cobra.Command) error {
	path := c.configPath
	if path == "" {
		path = os.Getenv("CAIRN_CONFIG")
	}
	if path == "" {
		return nil
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("config: %w", err)
	}
	var doc map[string]any
	if err := yaml.Unmarshal(raw, &doc); err != nil {
		return fmt.Errorf("config %s: %w", path, err)
	}
	// Walk from the root down to cmd, applying each level's scalar keys.
	var chain []*cobra.Command
	for p := cmd; p != nil; p = p.Parent() {
		chain = append([]*cobra.Command{p}, chain...)
	}
	level := doc
	for i, cc := range chain {
		if err := applyLevel(path, cc, cmd, level, chainName(chain[:i+1])); err != nil {
			return err
		}
		if i+1 == len(chain) {
			break
		}
		next, ok := level[chain[i+1].Name()]
		if !ok {
			return nil
		}
		m, ok := next.(map[string]any)
		if !ok {
			return fmt.Errorf("config %s: key %q: want a mapping of %s flags", path, chainName(chain[:i+2]), chain[i+1].Name())
		}
		level = m
	}
	return nil
}

func chainName(cs []*cobra.Command) string {
	var names []string
	for _, c := range cs[1:] {
		names = append(names, c.Name())
	}
	return strings.Join(names, ".")
}

// applyLevel sets the flags named by the scalar keys of level on target.
// Keys that are mappings must name a subcommand of at.
func applyLevel(path string, at, target *cobra.Command, level map[string]any, prefix string) error {
	keys := make([]string, 0, len(level))
	for k := range level {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		full := k
		if prefix != "" {
			full = prefix + "." + k
		}
		v := level[k]
		if _, isMap := v.(map[string]any); isMap {
			if !hasSub(at, k) {
				return fmt.Errorf("config %s: key %q: no such command", path, full)
			}
			continue
		}
		f := lookupFlag(at, target, k)
		if f == nil {
			return fmt.Errorf("config %s: key %q: no such flag", path, full)
		}
		if f.Changed {
			continue // the command line wins
		}
		if err := setFlag(f, v); err != nil {
			return fmt.Errorf("config %s: key %q: %w", path, full, err)
		}
	}
	return nil
}

func hasSub(c *cobra.Command, name string) bool {
	for _, s := range c.Commands() {
		if s.Name() == name {
			return true
		}
	}
	return false
}

// lookupFlag finds the flag named k as the command at level `at` declares
// it, as seen from the target command that is running. Flags of a level
// that the target does not inherit are ignored (nil, no error) only when the
// level is not on the target's path, which applyConfig never asks for.
func lookupFlag(at, target *cobra.Command, k string) *pflag.Flag {
	if at == target {
		return target.Flags().Lookup(k)
	}
	if f := at.PersistentFlags().Lookup(k); f != nil {
		return target.Flags().Lookup(k)
	}
	if f := at.Flags().Lookup(k); f != nil {
		// A local flag of an ancestor: it exists but does not apply here.
		return &pflag.Flag{Name: k, Changed: true}
	}
	return nil
}

func setFlag(f *pflag.Flag, v any) error {
	switch x := v.(type) {
	case []any:
		for _, e := range x {
			if err := f.Value.Set(fmt.Sprint(e)); err != nil {
				return err
			}
		}
	case nil:
		return errors.New("empty value")
	default:
		if err := f.Value.Set(fmt.Sprint(x)); err != nil {
			return err
		}
	}
	f.Changed = true
	return nil
}
