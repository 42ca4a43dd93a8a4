package main

import (
	"errors"

	"github.com/spf13/cobra"
)

// TODO(owner of bench): replace this placeholder with the real command.
func newBenchCmd(c *cli) *cobra.Command {
	return &cobra.Command{
		Use:   "bench",
		Short: "bench (not built yet)",
		RunE: func(*cobra.Command, []string) error {
			return errors.New("bench is not built yet")
		},
	}
}
