import { Box, Heading, Stack, Text } from '@chakra-ui/react';

export function App() {
  return (
    <Box p={6}>
      <Heading size="lg" color="teal.600">
        Vườn cao su
      </Heading>
      <Stack gap={3} mt={4}>
        <Box borderWidth="1px" borderRadius="md" p={4}>
          <Text fontWeight="semibold">Lô A</Text>
        </Box>
        <Text color="gray.600">Sản lượng hôm nay</Text>
      </Stack>
    </Box>
  );
}
