package export

import (
	"bufio"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"io"
	"math"
)

// archive/zip's Writer keeps a header of some 250 bytes a file until it
// writes the central directory at the end: 13 MB of the workbook of
// 50,000 games, a sheet a game, growing with the games. zipStream writes
// the same ZIP file (deflated files, each followed by a data descriptor,
// as archive/zip writes a file it cannot seek back to) with its central
// directory kept in a temporary file until Close; ZIP64 records are
// added where the counts or offsets need them (more than 65,535 files,
// beyond 4 GB). What stays in memory is nothing a file.

// zipStream writes a ZIP file to w.
type zipStream struct {
	w        countingWriter
	tempFile // f: the central directory, made when the first file is
	dw       *bufio.Writer
	n        int64 // files
	cur      *zipEntry
}

// zipEntry is the file being written.
type zipEntry struct {
	name   string
	offset int64 // of its local header
	crc    uint32
	raw    int64 // bytes written to it
	fw     io.WriteCloser
	start  int64 // where its compressed data starts
}

const (
	zipLocalSig      = 0x04034b50
	zipDescriptorSig = 0x08074b50
	zipCentralSig    = 0x02014b50
	zipEndSig        = 0x06054b50
	zip64EndSig      = 0x06064b50
	zip64LocatorSig  = 0x07064b50
	zipFlags         = 0x8 | 0x800 // sizes in a data descriptor; UTF-8 names
	zipDeflate       = 8
	zipVersion       = 20
	zip64Version     = 45
)

func newZipStream(w io.Writer, tmpDir string) *zipStream {
	return &zipStream{w: countingWriter{w: w}, tempFile: tempFile{dir: tmpDir}}
}

// Create starts a file; the one before ends.
func (z *zipStream) Create(name string) (io.Writer, error) {
	if err := z.endFile(); err != nil {
		return nil, err
	}
	if len(name) > math.MaxUint16 {
		return nil, errors.New("zip: a file name too long")
	}
	e := &zipEntry{name: name, offset: z.w.n}
	var h [30]byte
	le := binary.LittleEndian
	le.PutUint32(h[0:], zipLocalSig)
	le.PutUint16(h[4:], zipVersion)
	le.PutUint16(h[6:], zipFlags)
	le.PutUint16(h[8:], zipDeflate)
	// time, date, CRC-32 and sizes 0: the sizes follow the data.
	le.PutUint16(h[26:], uint16(len(name)))
	z.w.Write(h[:])
	if _, err := io.WriteString(&z.w, name); err != nil {
		return nil, err
	}
	fw, err := fastDeflate(&z.w)
	if err != nil {
		return nil, err
	}
	e.fw, e.start = fw, z.w.n
	z.cur = e
	return e, nil
}

func (e *zipEntry) Write(p []byte) (int, error) {
	e.crc = crc32.Update(e.crc, crc32.IEEETable, p)
	e.raw += int64(len(p))
	return e.fw.Write(p)
}

// endFile ends the file being written: its data descriptor, and its
// entry of the central directory into the temporary file.
func (z *zipStream) endFile() error {
	e := z.cur
	if e == nil {
		return nil
	}
	z.cur = nil
	if err := e.fw.Close(); err != nil {
		return err
	}
	size := z.w.n - e.start
	le := binary.LittleEndian
	big := e.raw >= math.MaxUint32 || size >= math.MaxUint32
	d := le.AppendUint32(nil, zipDescriptorSig)
	d = le.AppendUint32(d, e.crc)
	if big {
		d = le.AppendUint64(le.AppendUint64(d, uint64(size)), uint64(e.raw))
	} else {
		d = le.AppendUint32(le.AppendUint32(d, uint32(size)), uint32(e.raw))
	}
	if _, err := z.w.Write(d); err != nil {
		return err
	}
	return z.central(e, size)
}

// central writes e's entry of the central directory, with a ZIP64 extra
// field for what does not fit in 32 bits.
func (z *zipStream) central(e *zipEntry, size int64) error {
	if z.f == nil {
		if err := z.create("zip"); err != nil {
			return err
		}
		z.dw = bufio.NewWriter(z.f)
	}
	le := binary.LittleEndian
	var extra []byte
	field := func(v int64) uint32 {
		if v < math.MaxUint32 {
			return uint32(v)
		}
		extra = le.AppendUint64(extra, uint64(v))
		return math.MaxUint32
	}
	// The ZIP64 field holds the sizes, then the offset, each only when
	// its own field is full.
	raw, packed, offset := field(e.raw), field(size), field(e.offset)
	version := uint16(zipVersion)
	if extra != nil {
		version = zip64Version
		extra = append(le.AppendUint16(le.AppendUint16(nil, 1), uint16(len(extra))), extra...)
	}
	h := le.AppendUint32(nil, zipCentralSig)
	h = le.AppendUint16(h, version) // made by: MS-DOS, this version
	h = le.AppendUint16(h, version)
	h = le.AppendUint16(h, zipFlags)
	h = le.AppendUint16(h, zipDeflate)
	h = le.AppendUint32(h, 0) // time, date
	h = le.AppendUint32(h, e.crc)
	h = le.AppendUint32(h, packed)
	h = le.AppendUint32(h, raw)
	h = le.AppendUint16(h, uint16(len(e.name)))
	h = le.AppendUint16(h, uint16(len(extra)))
	h = append(h, make([]byte, 6)...) // comment length, disk, internal and
	h = le.AppendUint32(h, 0)         // external attributes
	h = le.AppendUint32(h, offset)
	h = append(append(h, e.name...), extra...)
	z.n++
	_, err := z.dw.Write(h)
	return err
}

// release removes the temporary file, the ZIP file written or not.
func (z *zipStream) release() { z.tempFile.Close() }

// Close ends the last file and writes the central directory and its end
// records.
func (z *zipStream) Close() error {
	defer z.release()
	if err := z.endFile(); err != nil {
		return err
	}
	start := z.w.n
	if z.f != nil {
		if err := z.dw.Flush(); err != nil {
			return err
		}
		if _, err := z.f.Seek(0, io.SeekStart); err != nil {
			return err
		}
		if _, err := io.Copy(&z.w, z.f); err != nil {
			return err
		}
	}
	return z.end(start, z.w.n-start)
}

// end writes the end of central directory record, after a ZIP64 one and
// its locator when the count or the directory's place needs them.
func (z *zipStream) end(start, size int64) error {
	le := binary.LittleEndian
	var b []byte
	count, at, length := uint16(z.n), uint32(start), uint32(size)
	if z.n >= math.MaxUint16 || start >= math.MaxUint32 || size >= math.MaxUint32 {
		count, at, length = math.MaxUint16, math.MaxUint32, math.MaxUint32
		end64 := z.w.n
		b = le.AppendUint32(b, zip64EndSig)
		b = le.AppendUint64(b, 44) // the size of the rest of the record
		b = le.AppendUint16(b, zip64Version)
		b = le.AppendUint16(b, zip64Version)
		b = le.AppendUint64(b, 0) // this disk, the directory's disk
		b = le.AppendUint64(b, uint64(z.n))
		b = le.AppendUint64(b, uint64(z.n))
		b = le.AppendUint64(b, uint64(size))
		b = le.AppendUint64(b, uint64(start))
		b = le.AppendUint32(b, zip64LocatorSig)
		b = le.AppendUint32(b, 0)
		b = le.AppendUint64(b, uint64(end64))
		b = le.AppendUint32(b, 1) // disks
	}
	b = le.AppendUint32(b, zipEndSig)
	b = le.AppendUint32(b, 0) // this disk, the directory's disk
	b = le.AppendUint16(b, count)
	b = le.AppendUint16(b, count)
	b = le.AppendUint32(b, length)
	b = le.AppendUint32(b, at)
	b = le.AppendUint16(b, 0) // comment length
	_, err := z.w.Write(b)
	return err
}
