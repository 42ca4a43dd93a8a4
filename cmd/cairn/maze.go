package main

import (
	"errors"

	"github.com/spf13/cobra"
)

// TODO(owner of maze): replace this placeholder with the real command.
func newMazeCmd(c *cli) *cobra.Command {
	return &cobra.Command{
		Use:   "maze",
		Short: "maze (not built yet)",
		RunE: func(*cobra.Command, []string) error {
			return errors.New("maze is not built yet")
		},
	}
}
