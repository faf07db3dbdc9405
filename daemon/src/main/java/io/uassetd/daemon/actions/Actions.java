package io.uassetd.daemon.actions;

import io.uassetd.daemon.action.ActionHandler;
import io.uassetd.daemon.action.ActionRegistry;
import io.uassetd.daemon.actions.asset.CsvToDataTableAction;
import io.uassetd.daemon.actions.asset.DataTableToCsvAction;
import io.uassetd.daemon.actions.asset.DiffPackagesAction;
import io.uassetd.daemon.actions.asset.AssetSummaryAction;
import io.uassetd.daemon.actions.asset.AssetTablesAction;
import io.uassetd.daemon.actions.asset.CompactJsonAction;
import io.uassetd.daemon.actions.asset.DebugAssetInfoAction;
import io.uassetd.daemon.actions.asset.DetectKindAction;
import io.uassetd.daemon.actions.asset.EditPropertyAction;
import io.uassetd.daemon.actions.asset.ExportPropertiesAction;
import io.uassetd.daemon.actions.asset.SaveAssetAction;
import io.uassetd.daemon.actions.asset.DetectTypeAction;
import io.uassetd.daemon.actions.asset.ExportRawDataAction;
import io.uassetd.daemon.actions.bundle.CloneModIoStoreAction;
import io.uassetd.daemon.actions.bundle.CreateIoStoreAction;
import io.uassetd.daemon.actions.bundle.CreateModIoStoreAction;
import io.uassetd.daemon.actions.bundle.RecompressIoStoreAction;
import io.uassetd.daemon.actions.asset.FixSerializeSizeAction;
import io.uassetd.daemon.actions.core.CacheStatsAction;
import io.uassetd.daemon.actions.core.CancelAction;
import io.uassetd.daemon.actions.core.CapabilitiesAction;
import io.uassetd.daemon.actions.core.CityHashAction;
import io.uassetd.daemon.actions.core.PingAction;
import io.uassetd.daemon.actions.core.ShutdownAction;
import io.uassetd.daemon.actions.core.SleepAction;
import io.uassetd.daemon.actions.core.VersionAction;
import io.uassetd.daemon.actions.iostore.ContainerFlagAction;
import io.uassetd.daemon.actions.json.ExportToJsonAction;
import io.uassetd.daemon.actions.json.FromJsonAction;
import io.uassetd.daemon.actions.json.ImportFromJsonAction;
import io.uassetd.daemon.actions.json.ToJsonAction;
import io.uassetd.daemon.actions.iostore.ExtractIoStoreAction;
import io.uassetd.daemon.actions.iostore.ExtractScriptObjectsAction;
import io.uassetd.daemon.actions.iostore.InspectIoStoreAction;
import io.uassetd.daemon.actions.iostore.ListIoStoreAction;
import io.uassetd.daemon.actions.iostore.ListIoStoreFilesAction;
import io.uassetd.daemon.actions.iostore.PackageStoreInfoAction;
import io.uassetd.daemon.actions.locres.EditLocResAction;
import io.uassetd.daemon.actions.locres.JsonToLocResAction;
import io.uassetd.daemon.actions.locres.LocResToJsonAction;
import io.uassetd.daemon.actions.locres.ParseLocMetaAction;
import io.uassetd.daemon.actions.locres.ParseLocResAction;
import io.uassetd.daemon.actions.mesh.MeshInfoAction;
import io.uassetd.daemon.actions.niagara.ListNiagaraFilesAction;
import io.uassetd.daemon.actions.niagara.NiagaraAuditAction;
import io.uassetd.daemon.actions.niagara.NiagaraDetailsAction;
import io.uassetd.daemon.actions.niagara.NiagaraEditAction;
import io.uassetd.daemon.actions.niagara.NiagaraPreviewAction;
import io.uassetd.daemon.actions.pak.CreateCompanionPakAction;
import io.uassetd.daemon.actions.usmap.InspectUsmapAction;
import io.uassetd.daemon.actions.zen.ConvertToZenAction;
import io.uassetd.daemon.actions.zen.ExtractIoStoreLegacyAction;
import io.uassetd.daemon.actions.zen.InspectZenAction;
import io.uassetd.daemon.actions.pak.CreatePakAction;
import io.uassetd.daemon.actions.pak.ExtractPakAllAction;
import io.uassetd.daemon.actions.pak.ExtractPakFileAction;
import io.uassetd.daemon.actions.pak.ListPakAction;
import io.uassetd.daemon.actions.pak.ListPakFilesAction;
import io.uassetd.daemon.actions.pak.VerifyPakAction;
import io.uassetd.daemon.actions.texture.ExtractTextureAction;
import io.uassetd.daemon.actions.texture.InjectTextureAction;
import io.uassetd.daemon.actions.texture.InlineDataAction;
import io.uassetd.daemon.actions.texture.StripMipsAction;
import io.uassetd.daemon.actions.texture.TextureInfoAction;
import io.uassetd.daemon.actions.texture.TexturePreviewAction;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

/** The one place where every action is registered. */
public final class Actions {
    private Actions() {
    }

    public static ActionRegistry registry() {
        AtomicReference<ActionRegistry> self = new AtomicReference<>();
        List<ActionHandler> all = new ArrayList<>();
        // Core
        all.add(new PingAction());
        all.add(new VersionAction());
        all.add(new CapabilitiesAction(self::get));
        all.add(new CityHashAction());
        all.add(new CancelAction());
        all.add(new CacheStatsAction());
        all.add(new ShutdownAction());
        all.add(new SleepAction());
        // PAK
        all.add(new ListPakFilesAction());
        all.add(new ListPakAction());
        all.add(new ExtractPakFileAction());
        all.add(new ExtractPakAllAction());
        all.add(new VerifyPakAction());
        all.add(new CreatePakAction());
        all.add(new CreateCompanionPakAction());
        // IoStore
        all.add(new ListIoStoreFilesAction());
        all.add(new ListIoStoreAction());
        all.add(new ExtractIoStoreAction());
        all.add(new InspectIoStoreAction());
        all.add(ContainerFlagAction.compressed());
        all.add(ContainerFlagAction.encrypted());
        all.add(new ExtractScriptObjectsAction());
        all.add(new PackageStoreInfoAction());
        // IoStore bundles
        all.addAll(CreateModIoStoreAction.all());
        all.add(new CreateIoStoreAction());
        all.add(new RecompressIoStoreAction());
        all.add(new CloneModIoStoreAction());
        // Zen
        all.add(new ExtractIoStoreLegacyAction());
        all.add(new InspectZenAction());
        all.add(new ConvertToZenAction());
        all.add(new io.uassetd.daemon.actions.zen.ConvertFromZenAction());
        // Legacy packages
        all.add(DetectTypeAction.single());
        all.add(DetectTypeAction.batch());
        all.addAll(DetectKindAction.all());
        all.add(new AssetSummaryAction());
        all.add(new DiffPackagesAction());
        all.add(new io.uassetd.daemon.actions.asset.RebaseModAction());
        all.add(new io.uassetd.daemon.actions.asset.MergeModsAction());
        all.add(new io.uassetd.daemon.actions.mods.DiffGameVersionsAction());
        all.add(new io.uassetd.daemon.actions.mods.ModConflictsAction());
        all.add(new DataTableToCsvAction());
        all.add(new CsvToDataTableAction());
        all.addAll(AssetTablesAction.all());
        all.add(new ExportRawDataAction());
        all.add(new DebugAssetInfoAction());
        all.add(new ExportPropertiesAction());
        all.addAll(EditPropertyAction.all());
        all.add(new SaveAssetAction());
        all.add(new FixSerializeSizeAction());
        all.add(new CompactJsonAction());
        all.add(new InspectUsmapAction());
        // JSON (legacy packages in UAssetAPI's schema)
        all.add(ToJsonAction.single());
        all.add(ToJsonAction.batch());
        all.add(FromJsonAction.single());
        all.add(FromJsonAction.batch());
        all.add(new ExportToJsonAction());
        all.add(new ImportFromJsonAction());
        // Meshes
        all.addAll(MeshInfoAction.all());
        all.add(new io.uassetd.daemon.actions.mesh.PatchMeshAction());
        // Niagara
        all.add(new NiagaraDetailsAction());
        all.add(new ListNiagaraFilesAction());
        all.add(new NiagaraEditAction());
        all.add(new NiagaraPreviewAction());
        // Localization (.locres, .locmeta)
        all.add(new ParseLocResAction());
        all.add(new ParseLocMetaAction());
        all.add(new LocResToJsonAction());
        all.add(new JsonToLocResAction());
        all.add(new EditLocResAction());
        // Textures
        all.add(new TextureInfoAction());
        all.addAll(ExtractTextureAction.all());
        all.addAll(InlineDataAction.all());
        all.addAll(StripMipsAction.all());
        all.addAll(InjectTextureAction.all());
        all.add(new TexturePreviewAction());
        // Drop-in for UAssetTool's clients (branch dropin)
        all.add(new NiagaraAuditAction());
        ActionRegistry r = new ActionRegistry(all);
        self.set(r);
        return r;
    }
}
