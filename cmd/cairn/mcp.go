package main

import (
	"errors"

	"github.com/spf13/cobra"
)

// TODO(owner of mcp): replace this placeholder with the real command.
func newMCPCmd(c *cli) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "mcp",
		Short: "mcp (not built yet)",
		RunE: func(*cobra.Command, []string) error {
			return errors.New("mcp is not built yet")
		},
	}
	cmd.AddCommand(newMCPMapsCmd(c)) // cairn mcp maps, in mcp_maps.go (geo)
	return cmd
}
