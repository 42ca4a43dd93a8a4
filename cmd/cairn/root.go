package main

import (
	"fmt"
	"io"
	"log/slog"
	"strings"
	"time"

	"github.com/spf13/cobra"
)

// cli holds what every subcommand shares: output streams, the logger and
// the global flags. It is built once per process by newRootCmd.
type cli struct {
	stdout, stderr io.Writer
	log            *slog.Logger

	logLevel   string
	configPath string
	model      string // model spec, e.g. "none", "ollama:qwen3:8b", "orchestrator=...,worker=..."
	quiet      bool   // no progress view: results and errors only
	tracePath  string // write the run's events as JSONL here (runEvents)

	otelWait time.Duration // bound on flushing spans at the end of a run; 0 means 5s
}

func newRootCmd(stdout, stderr io.Writer) *cobra.Command {
	root, _ := newCLI(stdout, stderr)
	return root
}

// newCLI builds the command tree and returns it with the state its
// commands share.
func newCLI(stdout, stderr io.Writer) (*cobra.Command, *cli) {
	c := &cli{stdout: stdout, stderr: stderr}
	root := &cobra.Command{
		Use:   "cairn",
		Short: "Cairn runs multi-agent LLM systems that work with or without a model",
		Long: `Cairn is a Go runtime for multi-agent LLM systems and the systems built on it
(listed under Systems below).
Every decision is a typed value: a model answers when one is configured
(--model), and a deterministic Go policy decides otherwise, so everything
runs offline by default.`,
		Version:       versionString(),
		SilenceUsage:  true,
		SilenceErrors: true,
		PersistentPreRunE: func(cmd *cobra.Command, _ []string) error {
			if err := c.applyConfig(cmd); err != nil {
				return err
			}
			return c.setupLogging()
		},
	}
	root.SetFlagErrorFunc(flagError)
	root.SetOut(stdout)
	root.SetErr(stderr)
	pf := root.PersistentFlags()
	pf.StringVar(&c.logLevel, "log-level", "warn", "log level: debug, info, warn or error")
	pf.StringVar(&c.configPath, "config", "", "YAML config file; its keys set any flag not given on the command line")
	pf.BoolVarP(&c.quiet, "quiet", "q", false, "no progress lines on stderr: print results and the errors that fail a node or the run")
	pf.StringVar(&c.tracePath, "trace", "", "write the run's events as JSONL to this `file` (read it with: cairn trace show FILE)")
	pf.StringVar(&c.model, "model", "none", `model spec: "none", "ollama:NAME", "openai:NAME", "replay:FILE", or per role "orchestrator=ollama:gemma3:27b,worker=ollama:gemma3:4b"`)

	root.AddGroup(&cobra.Group{ID: "systems", Title: "Systems:"}, &cobra.Group{ID: "tools", Title: "Tools and servers:"})
	for _, cmd := range []*cobra.Command{
		newTripCmd(c),
		newMazeCmd(c),
		newOceanCmd(c),
		newChatCmd(c),
		newEventsCmd(c),
	} {
		cmd.GroupID = "systems"
		root.AddCommand(cmd)
	}
	for _, cmd := range []*cobra.Command{
		newServeCmd(c),
		newMCPCmd(c),
		newBenchCmd(c),
		newDataCmd(c),
		newTraceCmd(c),
		newGraphCmd(c),
		newWorkerCmd(c),
	} {
		cmd.GroupID = "tools"
		root.AddCommand(cmd)
	}
	return root, c
}

func (c *cli) setupLogging() error {
	var lvl slog.Level
	if err := lvl.UnmarshalText([]byte(strings.ToLower(c.logLevel))); err != nil {
		return fmt.Errorf("--log-level %q: want debug, info, warn or error", c.logLevel)
	}
	c.log = slog.New(slog.NewTextHandler(c.stderr, &slog.HandlerOptions{Level: lvl}))
	return nil
}
