package main

import (
	"errors"

	"github.com/spf13/cobra"
)

// TODO(owner of ocean): replace this placeholder with the real command.
func newOceanCmd(c *cli) *cobra.Command {
	return &cobra.Command{
		Use:   "ocean",
		Short: "ocean (not built yet)",
		RunE: func(*cobra.Command, []string) error {
			return errors.New("ocean is not built yet")
		},
	}
}
