package main

import (
	"errors"

	"github.com/spf13/cobra"
)

// TODO(owner of data): replace this placeholder with the real command.
func newDataCmd(c *cli) *cobra.Command {
	return &cobra.Command{
		Use:   "data",
		Short: "data (not built yet)",
		RunE: func(*cobra.Command, []string) error {
			return errors.New("data is not built yet")
		},
	}
}
