/*
 * bcryptprimitives.dll for Debian 12's wine 8, for `make test-dist` only: never shipped.
 *
 * Go 1.22 and later get their random bytes from ProcessPrng in bcryptprimitives.dll, which
 * Windows has had since Windows 8 and Debian 12's wine 8 lacks (newer wine releases have it): the
 * Go runtime stops with "bcryptprimitives.dll not found" before main. A wine that has the DLL is
 * used as it is; the test adds this shim only when the new prefix has no bcryptprimitives.dll. The Go runtime loads that DLL from system32
 * only (LoadLibraryExW with LOAD_LIBRARY_SEARCH_SYSTEM32), so the smoke test copies this shim into
 * the system32 of its throwaway wine prefix. It implements ProcessPrng on top of advapi32's
 * RtlGenRandom (SystemFunction036).
 *
 *   x86_64-w64-mingw32-gcc -shared -O2 -s -o bcryptprimitives.dll bcryptprimitives.c -ladvapi32
 */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length); /* RtlGenRandom */

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len)
{
	while (len > 0) {
		ULONG n = len > 0x40000000 ? 0x40000000 : (ULONG)len;
		if (!SystemFunction036(data, n))
			return FALSE;
		data += n;
		len -= n;
	}
	return TRUE;
}
