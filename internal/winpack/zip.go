package main

import (
	"archive/zip"
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"text/template"
	"time"

	"scoresheet/internal/atomicfile"
)

// zipDir is the folder the zip unpacks into.
const zipDir = "Scoresheet/"

// listFlag collects repeated NAME=FILE flags.
type listFlag []string

func (l *listFlag) String() string     { return strings.Join(*l, " ") }
func (l *listFlag) Set(v string) error { *l = append(*l, v); return nil }

// entry is one file of the zip.
type entry struct {
	name string // below zipDir
	data []byte
}

func zipMain(args []string) error {
	fs := flag.NewFlagSet("winpack zip", flag.ContinueOnError)
	out := fs.String("o", "", "zip to write")
	readme := fs.String("readme", "internal/winpack/windows/README.txt", "README template ({{.Version}})")
	tomlPath := fs.String("toml", "FyneApp.toml", "Fyne's metadata")
	pkgs := fs.String("pkgs", ". ./app/cli/scoresheet-cli", "Go packages whose modules' licences ship")
	var licenses listFlag
	fs.Var(&licenses, "license", "NAME=FILE: another licence to ship as licenses/NAME.txt (repeatable)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *out == "" || fs.NArg() == 0 {
		return fmt.Errorf("-o and the programs are needed")
	}
	m, err := readMeta(*tomlPath)
	if err != nil {
		return err
	}
	var entries []entry
	for _, exe := range fs.Args() {
		data, err := os.ReadFile(exe)
		if err != nil {
			return err
		}
		entries = append(entries, entry{filepath.Base(exe), data})
	}
	text, err := readmeText(*readme, m)
	if err != nil {
		return err
	}
	entries = append(entries, entry{"README.txt", crlf(text)})
	lic, err := licenseEntries(licenses, strings.Fields(*pkgs))
	if err != nil {
		return err
	}
	entries = append(entries, lic...)
	data, err := zipBytes(entries, buildTime())
	if err != nil {
		return err
	}
	return atomicfile.WriteBytes(*out, data)
}

func readmeText(path string, m appMeta) ([]byte, error) {
	t, err := template.ParseFiles(path)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	err = t.Execute(&b, map[string]string{"Version": m.Details.Version, "FileVersion": m.fileVersion()})
	return b.Bytes(), err
}

// crlf gives text Windows line ends (Notepad before Windows 10 1809
// shows LF-only text as one line).
func crlf(text []byte) []byte {
	return bytes.ReplaceAll(bytes.ReplaceAll(text, []byte("\r\n"), []byte("\n")), []byte("\n"), []byte("\r\n"))
}

// licenseEntries are the licences given by flag and those of every
// module the packages link for windows/amd64, as licenses/*.txt. A
// module without a licence file is an error: nothing ships unlicensed.
func licenseEntries(given []string, pkgs []string) ([]entry, error) {
	var out []entry
	for _, g := range given {
		name, file, ok := strings.Cut(g, "=")
		if !ok {
			return nil, fmt.Errorf("-license %q: NAME=FILE", g)
		}
		data, err := os.ReadFile(file)
		if err != nil {
			return nil, err
		}
		out = append(out, entry{"licenses/" + name + ".txt", crlf(data)})
	}
	mods, err := linkedModules(pkgs)
	if err != nil {
		return nil, err
	}
	for _, mod := range mods {
		files, err := licenseFiles(mod.dir)
		if err != nil {
			return nil, err
		}
		if len(files) == 0 {
			return nil, fmt.Errorf("module %s (%s): no licence file", mod.path, mod.dir)
		}
		var text bytes.Buffer
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				return nil, err
			}
			rel, _ := filepath.Rel(mod.dir, f)
			fmt.Fprintf(&text, "%s %s: %s\n\n", mod.path, mod.version, filepath.ToSlash(rel))
			text.Write(data)
			text.WriteString("\n")
		}
		name := strings.ReplaceAll(mod.path, "/", "_")
		out = append(out, entry{"licenses/" + name + ".txt", crlf(text.Bytes())})
	}
	return out, nil
}

type module struct{ path, version, dir string }

// linkedModules lists the modules other than this one that the packages
// link when built for Windows with cgo.
func linkedModules(pkgs []string) ([]module, error) {
	args := append([]string{"list", "-deps", "-f", "{{with .Module}}{{if not .Main}}{{.Path}}\t{{.Version}}\t{{.Dir}}{{end}}{{end}}"}, pkgs...)
	cmd := exec.Command(goTool(), args...)
	cmd.Env = append(os.Environ(), "GOOS=windows", "GOARCH=amd64", "CGO_ENABLED=1")
	cmd.Stderr = os.Stderr
	b, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list: %v", err)
	}
	var mods []module
	for _, line := range strings.Split(string(b), "\n") {
		f := strings.Split(line, "\t")
		if len(f) != 3 {
			continue
		}
		m := module{f[0], f[1], f[2]}
		if !slices.Contains(mods, m) {
			mods = append(mods, m)
		}
	}
	slices.SortFunc(mods, func(a, b module) int { return strings.Compare(a.path, b.path) })
	return mods, nil
}

func goTool() string {
	if g := os.Getenv("GO"); g != "" {
		return g
	}
	return "go"
}

// licenseFiles are the licence files at the top of a module and in its
// folders one level down, where modules keep the licences of code they
// carry from elsewhere (GLFW's C in go-gl/glfw, HarfBuzz's in
// go-text/typesetting); test data's are not shipped code.
func licenseFiles(dir string) ([]string, error) {
	files, err := licenseFilesIn(dir)
	if err != nil {
		return nil, err
	}
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if e.IsDir() && e.Name() != "testdata" {
			sub, err := licenseFilesIn(filepath.Join(dir, e.Name()))
			if err != nil {
				return nil, err
			}
			files = append(files, sub...)
		}
	}
	return files, nil
}

func licenseFilesIn(dir string) ([]string, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var files []string
	for _, e := range ents {
		up := strings.ToUpper(e.Name())
		for _, p := range []string{"LICENSE", "LICENCE", "COPYING", "NOTICE", "PATENTS"} {
			if strings.HasPrefix(up, p) && e.Type().IsRegular() {
				files = append(files, filepath.Join(dir, e.Name()))
				break
			}
		}
	}
	return files, nil
}

// buildTime is the time the zip's entries carry: SOURCE_DATE_EPOCH
// (make windows sets the last commit's time, so that the same commit
// gives the same zip), else now.
func buildTime() time.Time {
	if s, err := strconv.ParseInt(os.Getenv("SOURCE_DATE_EPOCH"), 10, 64); err == nil {
		return time.Unix(s, 0).UTC()
	}
	return time.Now()
}

func zipBytes(entries []entry, mtime time.Time) ([]byte, error) {
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	for _, e := range entries {
		w, err := zw.CreateHeader(&zip.FileHeader{Name: zipDir + e.name, Method: zip.Deflate, Modified: mtime})
		if err != nil {
			return nil, err
		}
		if _, err := w.Write(e.data); err != nil {
			return nil, err
		}
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
