//go:build unix

package ollamatest

import (
	"os/exec"
	"syscall"
)

// ownProcessGroup puts the server and the runners it starts in a process
// group of their own, so killGroup reaches them all.
func ownProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

func killGroup(cmd *exec.Cmd) {
	_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
}
