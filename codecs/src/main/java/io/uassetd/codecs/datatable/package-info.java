/**
 * DataTables as CSV in the layout the Unreal editor's DataTable export and import use: a header
 * line {@code ---,Column,...}, then one line per row, its name first and each value in the
 * engine's text form (the form {@code ExportText}/{@code ImportText} use: numbers, {@code True},
 * enum entry names, {@code (X=1.000000,Y=2.000000)} for structs, {@code (a,b)} for arrays,
 * {@code NSLOCTEXT(...)}/{@code LOCTABLE(...)} for texts, {@code Class'/Path.Object'} for object
 * references), quoted with doubled quotes. The table is read and written through the package's
 * lossless UAssetAPI-schema JSON tree, so a CSV applied back to its table changes exactly the cells
 * that differ. docs/datatable-csv.md describes the forms.
 *
 * <p>On-disk structures owned: the DataTable CSV text.
 *
 * <p>May depend on: codecs.error, codecs.usmap.
 */
package io.uassetd.codecs.datatable;
