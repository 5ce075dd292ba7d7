import { useEffect, useRef } from 'react';
import { Alert, Group, NativeSelect, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { productRawMaterials, rawMaterials } from '@trenchline/domain';
import { useAddLine } from '../../../components/lines/api/addLine';
import { EditableTable } from '../../../components/lines/EditableTable';
import { WaitMessage } from '../../../components/WaitMessage';
import { errorText } from '../../../lib/http';
import { useMessage } from '../../../lib/messages';
import { useCatalog } from '../api/listCatalog';
import { productRawMaterialsKey, useProductRawMaterials } from '../api/productRawMaterials';
import type { CatalogRow } from '../api/types';

/** Pick a raw material from the catalog to add it as a line with its code, name and UOM. */
function RawMaterialPicker({ productId }: { productId: string }) {
  const message = useMessage();
  const materials = useCatalog(rawMaterials);
  const add = useAddLine(productRawMaterials, productId, productRawMaterialsKey(productId));
  const pick = (id: string) => {
    const m = materials.data?.find((r) => r.id === id);
    if (!m) return;
    add.mutate(
      { raw_material: m.id, code: m.code ?? null, item_name: m.name ?? m.item_name ?? null, uom: m.uom ?? null, qty: 1 },
      {
        onSuccess: () => message(`${String(m.name)} added.`, 'success'),
        onError: (e) => message(errorText(e), 'error'),
      },
    );
  };
  return (
    <NativeSelect
      size="xs"
      w={240}
      aria-label="Add from raw materials"
      value=""
      disabled={add.isPending || !materials.data?.length}
      onChange={(e) => pick(e.currentTarget.value)}
      data={[
        { value: '', label: materials.data?.length ? 'Add from raw materials...' : 'No raw materials in the catalog' },
        ...(materials.data ?? []).map((m) => ({ value: m.id, label: `${String(m.name ?? '')}${m.code ? ` (${String(m.code)})` : ''}` })),
      ]}
    />
  );
}

/** A product's raw materials: the product_raw_materials lines, edited like any lines table. */
export function ProductRawMaterials({ product, name }: { product: CatalogRow; name: string }) {
  const qc = useQueryClient();
  const key = productRawMaterialsKey(product.id);
  const lines = useProductRawMaterials(product.id);
  // A line written in another browser bumps the product's version (its live row): refetch the lines.
  const seen = useRef(product.version);
  useEffect(() => {
    if (seen.current === product.version) return;
    seen.current = product.version;
    void qc.invalidateQueries({ queryKey: productRawMaterialsKey(product.id) });
  }, [product.version, product.id, qc]);

  if (lines.isPending) return <WaitMessage />;
  if (lines.isError)
    return (
      <Alert color="red" variant="light" p="xs">
        {errorText(lines.error)}
      </Alert>
    );
  return (
    <div>
      <Group gap="xs" mb={4}>
        <RawMaterialPicker productId={product.id} />
        <Text size="xs" c="dimmed">
          or add a line and type it in.
        </Text>
      </Group>
      <EditableTable def={productRawMaterials} title={`Raw materials of ${name}`} rows={lines.data} parentId={product.id} recordKey={key} />
    </div>
  );
}
