package main

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/png"

	"golang.org/x/image/draw"
)

// icoSizes are the sizes Windows picks from: Explorer's lists and
// details (16, 24), the taskbar (32, 48), large icons (64, 256).
var icoSizes = []int{16, 24, 32, 48, 64, 256}

// encodeICO writes src scaled to each of icoSizes as one .ico file: the
// small sizes as 32-bit bitmaps, which every Windows draws, 256 as PNG
// (Windows Vista and later), which keeps the file small.
func encodeICO(src image.Image) ([]byte, error) {
	var images [][]byte
	for _, size := range icoSizes {
		dst := image.NewNRGBA(image.Rect(0, 0, size, size))
		draw.CatmullRom.Scale(dst, dst.Bounds(), src, src.Bounds(), draw.Src, nil)
		if size == 256 {
			var b bytes.Buffer
			if err := png.Encode(&b, dst); err != nil {
				return nil, err
			}
			images = append(images, b.Bytes())
			continue
		}
		images = append(images, dib(dst))
	}
	var out bytes.Buffer
	le := binary.LittleEndian
	header := make([]byte, 6)
	le.PutUint16(header[2:], 1) // type: icon
	le.PutUint16(header[4:], uint16(len(images)))
	out.Write(header)
	offset := 6 + 16*len(images)
	for i, img := range images {
		e := make([]byte, 16)
		e[0], e[1] = byte(icoSizes[i]), byte(icoSizes[i]) // 256 is written 0
		le.PutUint16(e[4:], 1)                            // planes
		le.PutUint16(e[6:], 32)                           // bits per pixel
		le.PutUint32(e[8:], uint32(len(img)))
		le.PutUint32(e[12:], uint32(offset))
		out.Write(e)
		offset += len(img)
	}
	for _, img := range images {
		out.Write(img)
	}
	return out.Bytes(), nil
}

// dib is img as an icon's bitmap: a BITMAPINFOHEADER of twice the
// height (colour and mask), BGRA rows bottom up, then the 1-bit AND mask
// (all zero: the alpha channel decides).
func dib(img *image.NRGBA) []byte {
	n := img.Rect.Dx()
	maskRow := (n + 31) / 32 * 4
	var b bytes.Buffer
	le := binary.LittleEndian
	h := make([]byte, 40)
	le.PutUint32(h[0:], 40)
	le.PutUint32(h[4:], uint32(n))
	le.PutUint32(h[8:], uint32(2*n))
	le.PutUint16(h[12:], 1)
	le.PutUint16(h[14:], 32)
	le.PutUint32(h[20:], uint32(n*n*4+n*maskRow))
	b.Write(h)
	for y := n - 1; y >= 0; y-- {
		for x := range n {
			p := img.Pix[y*img.Stride+4*x:]
			b.Write([]byte{p[2], p[1], p[0], p[3]})
		}
	}
	b.Write(make([]byte, n*maskRow))
	return b.Bytes()
}
