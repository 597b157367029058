// The JSON writer moved to GatehouseCore (issue 21), beside JSONString, so that modules writing JSON need not import
// the store. GatehouseCore is not a product: ReviewLog, which offered it, names it for its users as JWT names the
// clock (JWT/Time/TimeSource.swift): a scoped export of the declaration, and a typealias for the documentation's page.
@_exported public import enum GatehouseCore.JSONText

/// Writes JSON values as text with keys in the order given, so output is stable and readable (RFC 8259 section 7
/// string escaping: every C0, DEL and C1 character is escaped, so the decoded value stays exact and the bytes are
/// harmless on a terminal): GatehouseCore's `JSONText`, the one JSON writer of the package.
public typealias JSONText = GatehouseCore.JSONText
