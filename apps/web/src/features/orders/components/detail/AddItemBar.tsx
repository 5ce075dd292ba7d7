/**
 * The ways to add an item beside the table's blank line: pick a product of Settings, or type or scan
 * its barcode and press Enter (a scanner types the digits, then Enter). The server fills the line from
 * the product; a barcode no product has is refused with the server's words, shown under the field.
 */
import { useRef, useState } from 'react';
import { Group, Select, TextInput } from '@mantine/core';
import type { Line } from '@trenchline/domain';
import { errorText } from '../../../../lib/http';
import { useMessage } from '../../../../lib/messages';
import { showMoney } from '../../../../lib/numbers';
import { useAddItem } from '../../api/addItem';
import { useOrderProducts } from '../../api/products';
import { barcodeOf, productChoices } from './formLogic';

export function AddItemBar({ orderId }: { orderId: string }) {
  const message = useMessage();
  const products = useOrderProducts();
  const add = useAddItem(orderId);
  const [barcode, setBarcode] = useState('');
  const [barcodeError, setBarcodeError] = useState<string | null>(null);
  const barcodeInput = useRef<HTMLInputElement>(null);
  const choices = productChoices(products.data, showMoney);

  const added = (line: Line) => message(`${String(line.item_name ?? 'Item')} added.`, 'success');

  const addProduct = (ref: string | null) => {
    if (!ref) return;
    add.mutate({ product_ref: ref }, { onSuccess: added, onError: (e) => message(`Problem.  ${errorText(e)}`, 'error') });
  };

  const addBarcode = () => {
    const code = barcodeOf(barcode);
    if (!code) return;
    setBarcodeError(null);
    add.mutate(
      { barcode_1: code },
      {
        onSuccess: (line) => {
          setBarcode('');
          added(line);
          // Ready for the next scan.
          barcodeInput.current?.focus();
        },
        onError: (e) => {
          setBarcodeError(errorText(e));
          message(errorText(e), 'error');
          barcodeInput.current?.select();
        },
      },
    );
  };

  return (
    <Group gap="xs" mb={6} align="flex-start" wrap="wrap">
      <Select
        size="xs"
        aria-label="Add a product"
        placeholder={products.isPending ? 'Loading products...' : choices.length ? 'Add a product...' : 'No products in Settings yet'}
        data={choices}
        value={null}
        searchable
        clearable={false}
        nothingFoundMessage="No such product"
        onChange={addProduct}
        disabled={add.isPending}
        comboboxProps={{ withinPortal: true }}
        style={{ flex: 1, minWidth: 240, maxWidth: 420 }}
      />
      <TextInput
        ref={barcodeInput}
        size="xs"
        aria-label="Scan or type a barcode"
        placeholder="Scan or type a barcode, then Enter"
        value={barcode}
        error={barcodeError}
        onChange={(e) => {
          setBarcode(e.currentTarget.value);
          setBarcodeError(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            addBarcode();
          }
        }}
        data-testid="order-barcode"
        style={{ width: 260 }}
      />
    </Group>
  );
}
