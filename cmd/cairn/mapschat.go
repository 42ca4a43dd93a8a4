package main

import (
	"errors"

	"github.com/spf13/cobra"
)

// TODO(owner of mapschat): replace this placeholder with the real command.
func newMapsChatCmd(c *cli) *cobra.Command {
	return &cobra.Command{
		Use:   "mapschat",
		Short: "mapschat (not built yet)",
		RunE: func(*cobra.Command, []string) error {
			return errors.New("mapschat is not built yet")
		},
	}
}
