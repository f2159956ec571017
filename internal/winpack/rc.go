package main

import (
	"flag"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"strings"

	"github.com/BurntSushi/toml"
)

// appMeta is the [Details] table of FyneApp.toml, Fyne's packaging
// metadata: one place for the name, id and version on every system.
type appMeta struct {
	Details struct {
		Icon    string
		Name    string
		ID      string
		Version string
		Build   int
	}
}

func readMeta(path string) (appMeta, error) {
	var m appMeta
	if _, err := toml.DecodeFile(path, &m); err != nil {
		return m, err
	}
	d := m.Details
	if d.Name == "" || d.ID == "" || len(versionParts(d.Version)) != 3 {
		return m, fmt.Errorf("%s: Name, ID and Version (MAJOR.MINOR.PATCH) are needed, got %q %q %q", path, d.Name, d.ID, d.Version)
	}
	return m, nil
}

// versionParts splits "0.1.0" into its numbers; nil if it is not three
// numbers.
func versionParts(v string) []string {
	parts := strings.Split(v, ".")
	for _, p := range parts {
		if p == "" || strings.Trim(p, "0123456789") != "" {
			return nil
		}
	}
	return parts
}

// fileVersion is Windows' four-part version: MAJOR.MINOR.PATCH.BUILD.
func (m appMeta) fileVersion() string {
	return fmt.Sprintf("%s.%d", m.Details.Version, m.Details.Build)
}

// rcString quotes s for a resource script (a quote is doubled).
func rcString(s string) string {
	return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
}

// resourceScript is the .rc file: icon, manifest and version
// information, as Explorer's Properties -> Details shows them.
func resourceScript(m appMeta, exe, desc string) string {
	d := m.Details
	comma := strings.ReplaceAll(m.fileVersion(), ".", ",")
	var b strings.Builder
	fmt.Fprintf(&b, "// Written by internal/winpack from FyneApp.toml; do not edit.\n")
	fmt.Fprintf(&b, "1 ICON \"app.ico\"\n")
	fmt.Fprintf(&b, "1 24 \"app.manifest\"\n") // RT_MANIFEST, CREATEPROCESS_MANIFEST_RESOURCE_ID
	fmt.Fprintf(&b, "1 VERSIONINFO\nFILEVERSION %s\nPRODUCTVERSION %s\n", comma, comma)
	fmt.Fprintf(&b, "FILEFLAGSMASK 0x3f\nFILEFLAGS 0x0\nFILEOS 0x40004\nFILETYPE 0x1\nFILESUBTYPE 0x0\n")
	fmt.Fprintf(&b, "BEGIN\n  BLOCK \"StringFileInfo\"\n  BEGIN\n    BLOCK \"040904B0\"\n    BEGIN\n")
	for _, kv := range [][2]string{
		{"FileDescription", desc},
		{"FileVersion", m.fileVersion()},
		{"InternalName", strings.TrimSuffix(exe, ".exe")},
		{"OriginalFilename", exe},
		{"ProductName", d.Name},
		{"ProductVersion", d.Version},
	} {
		fmt.Fprintf(&b, "      VALUE %s, %s\n", rcString(kv[0]), rcString(kv[1]))
	}
	fmt.Fprintf(&b, "    END\n  END\n  BLOCK \"VarFileInfo\"\n  BEGIN\n    VALUE \"Translation\", 0x409, 1200\n  END\nEND\n")
	return b.String()
}

// manifest asks for no administrator rights (asInvoker: Windows never
// shows a UAC prompt, and an arbiter without admin rights runs it) and
// declares Windows 10 and 11.
func manifest(m appMeta) string {
	return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<assembly xmlns="urn:schemas-microsoft-com:asm.v1" manifestVersion="1.0">
  <assemblyIdentity type="win32" name="` + m.Details.ID + `" version="` + m.fileVersion() + `" processorArchitecture="amd64"/>
  <trustInfo xmlns="urn:schemas-microsoft-com:asm.v3">
    <security>
      <requestedPrivileges>
        <requestedExecutionLevel level="asInvoker" uiAccess="false"/>
      </requestedPrivileges>
    </security>
  </trustInfo>
  <compatibility xmlns="urn:schemas-microsoft-com:compatibility.v1">
    <application>
      <supportedOS Id="{8e0f7a12-bfb3-4fe8-b9a5-48fd50a15a9a}"/>
    </application>
  </compatibility>
</assembly>
`
}

func resMain(args []string) error {
	fs := flag.NewFlagSet("winpack res", flag.ContinueOnError)
	tomlPath := fs.String("toml", "FyneApp.toml", "Fyne's metadata")
	iconPath := fs.String("icon", "icon.png", "the app's icon (PNG)")
	exe := fs.String("exe", "scoresheet.exe", "the program's file name")
	desc := fs.String("desc", "Scoresheet", "the program's description")
	dir := fs.String("dir", "", "folder to write app.rc, app.ico and app.manifest in")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *dir == "" {
		return fmt.Errorf("-dir is needed")
	}
	m, err := readMeta(*tomlPath)
	if err != nil {
		return err
	}
	f, err := os.Open(*iconPath)
	if err != nil {
		return err
	}
	img, err := png.Decode(f)
	f.Close()
	if err != nil {
		return fmt.Errorf("%s: %v", *iconPath, err)
	}
	ico, err := encodeICO(img)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(*dir, 0o755); err != nil {
		return err
	}
	for name, data := range map[string][]byte{
		"app.ico":      ico,
		"app.manifest": []byte(manifest(m)),
		"app.rc":       []byte(resourceScript(m, *exe, *desc)),
	} {
		if err := os.WriteFile(filepath.Join(*dir, name), data, 0o644); err != nil {
			return err
		}
	}
	return nil
}
