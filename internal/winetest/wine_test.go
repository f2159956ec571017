package winetest

import (
	"archive/zip"
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// userName is the Windows user of the prefix: the default event's folder
// is below C:\users\<userName>.
const userName = "Đurđa Müller"

// wineEnv is the Windows build unpacked, a wine prefix to run it in, and
// the Linux build to compare it with.
type wineEnv struct {
	root   string   // temporary folder of the run
	wine   string   // the wine64 loader
	env    []string // WINEPREFIX and the other settings
	prefix string
	gui    string // scoresheet.exe, unpacked from the zip
	cli    string // scoresheet-cli.exe
	linux  string // the Linux build of scoresheet
	made   string // how long making the prefix and the Linux build took
}

var (
	shared     *wineEnv
	sharedErr  error
	sharedOnce sync.Once
)

func TestMain(m *testing.M) {
	code := m.Run()
	if shared != nil {
		shared.stop()
		os.RemoveAll(shared.root)
	}
	os.Exit(code)
}

// setup returns the run's wine environment, made on first use.
func setup(t *testing.T) *wineEnv {
	t.Helper()
	zipPath := os.Getenv("SCORESHEET_WINDOWS_ZIP")
	if zipPath == "" {
		t.Skip("SCORESHEET_WINDOWS_ZIP is not set: make test-windows builds the zip and runs these tests")
	}
	sharedOnce.Do(func() { shared, sharedErr = newWineEnv(zipPath) })
	if sharedErr != nil {
		t.Fatal(sharedErr)
	}
	t.Log(shared.made)
	return shared
}

func newWineEnv(zipPath string) (*wineEnv, error) {
	root, err := os.MkdirTemp("", "scoresheet-wine-")
	if err != nil {
		return nil, err
	}
	w := &wineEnv{root: root, prefix: filepath.Join(root, "prefix")}
	if w.wine, err = findWine(); err != nil {
		return w, err
	}
	// A folder with a space and letters outside ASCII, as under
	// "C:\Program Files" or a user's own folder.
	programs := filepath.Join(root, "Programme Đurđa", "Scoresheet")
	if err := unzip(zipPath, filepath.Dir(programs)); err != nil {
		return w, err
	}
	w.gui, w.cli = filepath.Join(programs, "scoresheet.exe"), filepath.Join(programs, "scoresheet-cli.exe")
	w.env = []string{
		"WINEPREFIX=" + w.prefix,
		"WINEDEBUG=-all",
		"WINEDLLOVERRIDES=mscoree,mshtml=", // no Mono or Gecko installer
		"WINEARCH=win64",
		"USER=" + userName,                       // the profile folder's name, at wineboot
		"LANG=C.UTF-8", "LC_ALL=", "LANGUAGE=en", // UTF-8: wine names Linux files in it
	}
	start := time.Now()
	if out, err := w.command("", "wineboot", "-i").CombinedOutput(); err != nil {
		return w, fmt.Errorf("wineboot: %v\n%s", err, out)
	}
	if err := buildPrng(filepath.Join(w.prefix, "drive_c", "windows", "system32", "bcryptprimitives.dll")); err != nil {
		return w, err
	}
	booted := time.Now()
	w.linux = filepath.Join(root, "linux", "scoresheet")
	if err := goBuild(w.linux); err != nil {
		return w, err
	}
	w.made = fmt.Sprintf("wine prefix and DLL in %v, Linux build in %v", booted.Sub(start).Round(time.Millisecond), time.Since(booted).Round(time.Millisecond))
	return w, nil
}

// findWine returns Debian's wine64 loader (the wine64 package does not
// put it on PATH).
func findWine() (string, error) {
	if p, err := exec.LookPath("wine64"); err == nil {
		return p, nil
	}
	if _, err := os.Stat("/usr/lib/wine/wine64"); err == nil {
		return "/usr/lib/wine/wine64", nil
	}
	return "", fmt.Errorf("wine64 is missing (apt-get install wine64)")
}

// command is wine running exe (a Linux path, or a program of wine's own
// such as "wineboot") with args, in dir.
func (w *wineEnv) command(dir, exe string, args ...string) *exec.Cmd {
	cmd := exec.Command(w.wine, append([]string{exe}, args...)...)
	cmd.Env = append(os.Environ(), w.env...)
	cmd.Dir = dir
	return cmd
}

// stop ends the prefix's wineserver and with it every program still
// running in the prefix (all of them started by these tests).
func (w *wineEnv) stop() {
	server := filepath.Join(filepath.Dir(w.wine), "wineserver")
	cmd := exec.Command(server, "-k")
	cmd.Env = append(os.Environ(), w.env...)
	cmd.Run()
}

// winPath is a Linux path as Windows programs under wine name it: on
// drive Z:, with backslashes.
func winPath(p string) string {
	return `Z:` + strings.ReplaceAll(p, "/", `\`)
}

func unzip(zipPath, dir string) error {
	zr, err := zip.OpenReader(zipPath)
	if err != nil {
		return err
	}
	defer zr.Close()
	for _, f := range zr.File {
		if strings.HasSuffix(f.Name, "/") {
			continue
		}
		p := filepath.Join(dir, filepath.FromSlash(f.Name))
		if !strings.HasPrefix(p, dir+string(filepath.Separator)) {
			return fmt.Errorf("%s: %s leaves the folder", zipPath, f.Name)
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		rc, err := f.Open()
		if err != nil {
			return err
		}
		data, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			return err
		}
		if err := os.WriteFile(p, data, 0o755); err != nil {
			return err
		}
	}
	return nil
}

// moduleRoot is the repository's root (go.mod's folder).
func moduleRoot() (string, error) {
	out, err := exec.Command(goTool(), "env", "GOMOD").Output()
	if err != nil {
		return "", err
	}
	return filepath.Dir(strings.TrimSpace(string(out))), nil
}

// goTool is the go command: "go test" puts its toolchain's first on PATH.
func goTool() string { return "go" }

// goBuild builds the Linux scoresheet at out.
func goBuild(out string) error {
	root, err := moduleRoot()
	if err != nil {
		return err
	}
	cmd := exec.Command(goTool(), "build", "-o", out, ".")
	cmd.Dir = root
	if b, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("go build: %v\n%s", err, b)
	}
	return nil
}

// buildPrng compiles internal/winpack/windows/processprng.c into the DLL at
// out, without mingw's C runtime (see the comment there).
func buildPrng(out string) error {
	root, err := moduleRoot()
	if err != nil {
		return err
	}
	src := filepath.Join(root, "internal", "winpack", "windows")
	cmd := exec.Command("x86_64-w64-mingw32-gcc", "-shared", "-O2", "-nostdlib", "-Wl,--entry,DllEntry", "-o", out,
		filepath.Join(src, "processprng.c"), filepath.Join(src, "processprng.def"), "-ladvapi32", "-lkernel32")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("x86_64-w64-mingw32-gcc (apt-get install gcc-mingw-w64-x86-64): %v\n%s", err, stderr.String())
	}
	return nil
}
