// Package winetest runs the Windows build, as the zip of "make windows"
// ships it, under wine on Linux: the command line's round trip gives
// the Linux build's answers, and the window opens under Xvfb and keeps
// what xdotool types through a SIGKILL.
//
// "make test-windows" (which "make test" runs) builds the zip and runs
// these tests with SCORESHEET_WINDOWS_ZIP set to it; without it they
// are skipped. Each run makes a fresh wine prefix in a temporary folder,
// for a user whose name is not ASCII, with a bcryptprimitives.dll built
// from internal/winpack/windows/processprng.c (Debian's wine 8.0 lacks ProcessPrng,
// which the Go runtime needs to start).
package winetest
