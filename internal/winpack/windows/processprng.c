/*
 * bcryptprimitives.dll for tests under wine: only ProcessPrng.
 *
 * The Go runtime (1.24 and later) gets its random bytes on Windows from
 * ProcessPrng in bcryptprimitives.dll and will not start without it.
 * Debian's wine 8.0 has no bcryptprimitives.dll, so the smoke test
 * (internal/winetest) builds this one with mingw and copies it into its
 * fresh wine prefix's system32. Windows 10 and 11 have the real DLL: this
 * one is never shipped.
 *
 * ProcessPrng fills the buffer with RtlGenRandom (SystemFunction036 in
 * advapi32.dll), wine's own source of random bytes. It takes a ULONG, so
 * a larger buffer is filled in pieces.
 *
 *   x86_64-w64-mingw32-gcc -shared -O2 -o bcryptprimitives.dll processprng.c processprng.def
 */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
	while (length > 0) {
		ULONG n = length > 0x40000000 ? 0x40000000 : (ULONG)length;
		if (!SystemFunction036(data, n))
			return FALSE;
		data += n;
		length -= n;
	}
	return TRUE;
}
