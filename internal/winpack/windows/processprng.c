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
 * The DLL has no C runtime: its entry point is DllEntry below, which does
 * nothing. Built with mingw's runtime, the DLL ran mingw's start-up and
 * thread-detach code in every Go thread, and once, on a busy machine,
 * scoresheet-cli.exe ended with "Unhandled page fault on read access to
 * 0000000000000008" at an address inside this DLL.
 *
 *   x86_64-w64-mingw32-gcc -shared -O2 -nostdlib -Wl,--entry,DllEntry \
 *     -o bcryptprimitives.dll processprng.c processprng.def -ladvapi32 -lkernel32
 */
#include <windows.h>

BOOL WINAPI DllEntry(HINSTANCE dll, DWORD reason, LPVOID reserved)
{
	(void)dll;
	(void)reason;
	(void)reserved;
	return TRUE;
}

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
