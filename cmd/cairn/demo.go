package main

import (
	"errors"

	"github.com/spf13/cobra"
)

// TODO(owner of demo): replace this placeholder with the real command.
func newDemoCmd(c *cli) *cobra.Command {
	return &cobra.Command{
		Use:   "demo",
		Short: "demo (not built yet)",
		RunE: func(*cobra.Command, []string) error {
			return errors.New("demo is not built yet")
		},
	}
}
