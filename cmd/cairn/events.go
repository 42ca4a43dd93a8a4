package main

import (
	"errors"

	"github.com/spf13/cobra"
)

// TODO(owner of events): replace this placeholder with the real command.
func newEventsCmd(c *cli) *cobra.Command {
	return &cobra.Command{
		Use:   "events",
		Short: "events (not built yet)",
		RunE: func(*cobra.Command, []string) error {
			return errors.New("events is not built yet")
		},
	}
}
