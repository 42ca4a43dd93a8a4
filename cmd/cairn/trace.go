package main

import (
	"errors"

	"github.com/spf13/cobra"
)

// TODO(owner of trace): replace this placeholder with the real command.
func newTraceCmd(c *cli) *cobra.Command {
	return &cobra.Command{
		Use:   "trace",
		Short: "trace (not built yet)",
		RunE: func(*cobra.Command, []string) error {
			return errors.New("trace is not built yet")
		},
	}
}
