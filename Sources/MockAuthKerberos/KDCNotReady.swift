/// The KDC never answered `kinit`: the realm's directory is removed and another port tried.
struct KDCNotReady: Error {
    var underlying: KerberosError
}
